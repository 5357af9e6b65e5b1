import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { describeFailure } from '../../api/errors'
import { BrowseCollections } from '../../components/layout/BrowseCollections'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { setSingleKeyShortcuts, useSingleKeyShortcuts } from './keyboard-shortcuts'
import { type TypedSettings, useConnectionCheck } from './use-connection-check'
import './settings.css'

/** The settings form and what its last check found; the checking and saving live in `useConnectionCheck`. */
export default function SettingsPage() {
  usePageTitle('Settings')
  const { connection, saved, demoKey, redirect, running, result, test, save, edited } = useConnectionCheck()
  const id = useId()
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '')
  // The key is put into the field as a property, never as an HTML attribute (React writes a controlled
  // input's value into its attribute, where anything that copies the page's HTML would find it).
  const keyField = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (keyField.current) keyField.current.value = saved?.apiKey ?? ''
  }, [saved])
  // Sent here for want of a key (a first visit in keyed mode): the key is what to type first.
  const keyNeeded = !connection
  useEffect(() => {
    if (keyNeeded) keyField.current?.focus()
  }, [keyNeeded])

  const typed = (): TypedSettings => ({ address: baseUrl, apiKey: keyField.current?.value ?? '' })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    save(typed())
  }

  const status = running
    ? running.saving
      ? 'Checking the connection before saving…'
      : 'Testing the connection…'
    : result?.test.ok
      ? `${result.saving ? 'Settings saved. ' : ''}${result.test.message}`
      : ''
  const failure =
    result && !result.test.ok
      ? `${result.saving ? 'Not saved' : 'Not connected'}. ${result.test.problem}`
      : null
  const savedNow = result?.saving === true && result.test.ok
  // A refused key stays news until the user finds one that works.
  const showRefusal = redirect?.unauthorized === true && !result?.test.ok && !failure
  const singleKeyShortcuts = useSingleKeyShortcuts()

  return (
    <div className="settings-page">
      <PageHeading>Settings</PageHeading>
      <p className="page-intro">
        Connect the explorer to a catalogue service. The address and key are kept in this browser only.
      </p>
      {showRefusal && (
        <p className="notice notice-error" role="alert">
          {describeFailure('unauthorized')}
        </p>
      )}
      {!connection && !redirect?.unauthorized && (
        <p className="notice">Enter the API key of the catalogue service to start exploring.</p>
      )}
      {demoKey && (
        <p className="notice notice-info">
          This site's service runs in demo mode: leave the address and the key empty to use its demo key.
        </p>
      )}

      <form className="settings-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-address`}>Service address</label>
          <input
            id={`${id}-address`}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://catalogue.example.org"
            aria-describedby={`${id}-address-hint`}
            value={baseUrl}
            onChange={(event) => {
              setBaseUrl(event.target.value)
              edited()
            }}
          />
          <p className="field-hint" id={`${id}-address-hint`}>
            Leave empty for this site's own service.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-key`}>API key</label>
          <input
            ref={keyField}
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            onChange={edited}
          />
        </div>
        <div className="settings-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => test(typed())}
            disabled={running !== null}
          >
            Test connection
          </button>
          <button type="submit" className="button" disabled={running !== null}>
            Save
          </button>
        </div>
      </form>

      <p className="settings-status" role="status">
        {status}
      </p>
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      {savedNow && <BrowseCollections />}

      <section className="settings-keyboard" aria-labelledby={`${id}-keyboard`}>
        <h2 id={`${id}-keyboard`}>Keyboard</h2>
        <div className="checkbox-field">
          <input
            id={`${id}-single-key`}
            type="checkbox"
            checked={singleKeyShortcuts}
            aria-describedby={`${id}-single-key-hint`}
            onChange={(event) => setSingleKeyShortcuts(event.target.checked)}
          />
          <label htmlFor={`${id}-single-key`}>Single-key shortcuts</label>
        </div>
        <p className="field-hint" id={`${id}-single-key-hint`}>
          <kbd>/</kbd> opens the search outside text fields. Turn this off if you use speech input or press
          keys by accident; <kbd>Ctrl</kbd>+<kbd>K</kbd> (<kbd>⌘</kbd>+<kbd>K</kbd> on a Mac) always opens it.
          Saved in this browser at once.
        </p>
      </section>
    </div>
  )
}
