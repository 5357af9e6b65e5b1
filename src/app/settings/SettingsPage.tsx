import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import type { UnauthorizedState } from '../../components/states/QueryErrorState'
import { useConnection } from '../connection/ConnectionProvider'
import { INVALID_ADDRESS, readServiceAddress } from './service-address'
import { type ConnectionTest, testConnection } from './test-connection'
import './settings.css'

const UNAUTHORIZED = 'The service did not accept the API key. Enter a valid key to continue.'

export default function SettingsPage() {
  usePageTitle('Settings')
  const { connection, saved, demoKey, save } = useConnection()
  const location = useLocation()
  const unauthorized = (location.state as UnauthorizedState | null)?.unauthorized === true
  const id = useId()
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '')
  const [apiKey, setApiKey] = useState(saved?.apiKey ?? demoKey ?? '')
  const [test, setTest] = useState<ConnectionTest | 'running' | null>(null)
  const [savedNow, setSavedNow] = useState(false)
  const testAbort = useRef<AbortController | null>(null)
  useEffect(() => () => testAbort.current?.abort(), [])

  async function runTest() {
    testAbort.current?.abort()
    const address = readServiceAddress(baseUrl)
    if (address === null) {
      setTest({ ok: false, message: INVALID_ADDRESS })
      return
    }
    const controller = new AbortController()
    testAbort.current = controller
    setTest('running')
    const result = await testConnection(
      { baseUrl: address, apiKey: apiKey.trim() },
      undefined,
      controller.signal,
    )
    if (!controller.signal.aborted) setTest(result)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = readServiceAddress(baseUrl)
    if (address === null) {
      setTest({ ok: false, message: INVALID_ADDRESS })
      return
    }
    save({ baseUrl: address, apiKey: apiKey.trim() })
    setSavedNow(true)
  }

  const edited = () => {
    setSavedNow(false)
    setTest(null)
  }
  const status = savedNow
    ? 'Settings saved.'
    : test === 'running'
      ? 'Testing the connection…'
      : test?.ok
        ? test.message
        : ''

  return (
    <div className="settings-page">
      <PageHeading>Settings</PageHeading>
      <p className="page-intro">
        Connect the explorer to a catalogue service. The address and key are kept in this browser only.
      </p>
      {unauthorized && !savedNow && (
        <p className="notice notice-error" role="alert">
          {UNAUTHORIZED}
        </p>
      )}
      {!connection && !unauthorized && (
        <p className="notice">Enter the API key of the catalogue service to start exploring.</p>
      )}
      {demoKey && (
        <p className="notice notice-info">
          This service runs in demo mode; the demo key is filled in for you.
        </p>
      )}

      <form className="settings-form" onSubmit={submit}>
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
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => {
              setApiKey(event.target.value)
              edited()
            }}
          />
        </div>
        <div className="settings-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={runTest}
            disabled={test === 'running'}
          >
            Test connection
          </button>
          <button type="submit" className="button">
            Save
          </button>
        </div>
      </form>

      <p className="settings-status" role="status">
        {status}
      </p>
      {test !== 'running' && test && !test.ok && (
        <p className="notice notice-error" role="alert">
          {test.message}
        </p>
      )}
      {savedNow && connection && (
        <p>
          <Link to="/locations">Browse locations</Link> or <Link to="/episodes">browse episodes</Link>.
        </p>
      )}
    </div>
  )
}
