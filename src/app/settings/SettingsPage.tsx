import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { Connection } from '../../api/client'
import { describeFailure } from '../../api/errors'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { readSettingsRedirect } from '../../components/states/settings-redirect'
import { useConnection } from '../connection/ConnectionProvider'
import { effectiveConnection } from '../connection/storage'
import { INVALID_ADDRESS, readServiceAddress } from './service-address'
import { type ConnectionTest, testConnection } from './test-connection'
import './settings.css'

/** What the last action found: nothing yet, a test or save under way, or its result. */
type Outcome =
  | null
  | { state: 'running'; saving: boolean }
  | { state: 'done'; saving: boolean; test: ConnectionTest }

const KEY_NEEDED = 'Enter the API key of the catalogue service.'

export default function SettingsPage() {
  usePageTitle('Settings')
  const { connection, saved, demoKey, save } = useConnection()
  const location = useLocation()
  const navigate = useNavigate()
  const redirect = readSettingsRedirect(location.state)
  const id = useId()
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '')
  // The key is put into the field as a property, never as an HTML attribute (React writes a controlled
  // input's value into its attribute, where anything that copies the page's HTML would find it).
  const keyField = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (keyField.current) keyField.current.value = saved?.apiKey ?? ''
  }, [saved])
  const [outcome, setOutcome] = useState<Outcome>(null)
  const running = useRef<AbortController | null>(null)
  useEffect(() => () => running.current?.abort(), [])

  /** The connection the form describes, or the reason it describes none. */
  function typedConnection(): Connection | string {
    const address = readServiceAddress(baseUrl)
    if (address === null) return INVALID_ADDRESS
    const apiKey = keyField.current?.value.trim() ?? ''
    // In demo mode an empty key means this site's own service with its demo key.
    const typed = effectiveConnection(apiKey === '' ? null : { baseUrl: address, apiKey }, demoKey)
    if (!typed || (apiKey === '' && address !== '')) return KEY_NEEDED
    return typed
  }

  async function check(saving: boolean) {
    running.current?.abort()
    const typed = typedConnection()
    if (typeof typed === 'string') {
      setOutcome({ state: 'done', saving, test: { ok: false, problem: typed } })
      return
    }
    const controller = new AbortController()
    running.current = controller
    setOutcome({ state: 'running', saving })
    const test = await testConnection(typed, undefined, controller.signal)
    if (controller.signal.aborted) return
    // Only a connection that works is kept: a refused key or a wrong address would only lead back here.
    if (saving && test.ok) {
      // This site's demo key for this site's own service is the default: kept as "nothing saved".
      const isDefault = typed.baseUrl === '' && typed.apiKey === demoKey
      save({ baseUrl: typed.baseUrl, apiKey: isDefault ? '' : typed.apiKey })
      if (redirect) {
        navigate(redirect.from, { replace: true })
        return
      }
      // This history entry no longer holds a refusal: going back and forth to it must not show one.
      navigate(location.pathname, { replace: true, state: null })
    }
    setOutcome({ state: 'done', saving, test })
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void check(true)
  }

  function edited() {
    running.current?.abort()
    setOutcome(null)
  }

  const result = outcome?.state === 'done' ? outcome : null
  const status =
    outcome?.state === 'running'
      ? outcome.saving
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
            onClick={() => void check(false)}
            disabled={outcome?.state === 'running'}
          >
            Test connection
          </button>
          <button type="submit" className="button" disabled={outcome?.state === 'running'}>
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
      {savedNow && (
        <p>
          <Link to="/locations">Browse locations</Link> or <Link to="/episodes">browse episodes</Link>.
        </p>
      )}
    </div>
  )
}
