import { useId, useState, useSyncExternalStore } from 'react'
import { useCatalogueClient, useConnection } from '../../api/connection-in-use'
import { curlCommand } from '../../api/curl'
import { type RequestLogEntry, requestLog } from '../../api/request-log'
import { JsonView } from './JsonView'
import { useClipboard } from './use-clipboard'
import './api-disclosure.css'

/**
 * "API": the requests a page is made of (its API addresses), with what the request log knows of each:
 * status, duration, size, and where it came from: the network, the browser's cache, the catalogue index, or
 * React Query's cache (no request of its own).
 */
export function ApiDisclosure({ paths }: { paths: readonly string[] }) {
  // A new set of addresses is a new view: the disclosure starts closed again. Each address shows the latest
  // logged request for it, whenever it was made (the route loader may have made it before this mounted).
  return <ApiRequests key={paths.join('\n')} paths={paths} />
}

function ApiRequests({ paths }: { paths: readonly string[] }) {
  const entries = useSyncExternalStore(requestLog.subscribe, requestLog.entries, requestLog.entries)
  const [open, setOpen] = useState(false)
  return (
    <details className="api-disclosure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        API{' '}
        <span className="api-count">({paths.length === 1 ? '1 request' : `${paths.length} requests`})</span>
      </summary>
      {open && (
        <div className="api-requests">
          <p className="api-intro">
            The requests behind this page. The key is sent in the <code>Authorization</code> header, never in
            the address; copied commands read it from <code>$CATALOGUE_API_KEY</code>.
          </p>
          {paths.map((path) => (
            <ApiRequest key={path} path={path} entry={latestFor(entries, path)} />
          ))}
        </div>
      )}
    </details>
  )
}

function latestFor(entries: readonly RequestLogEntry[], path: string): RequestLogEntry | undefined {
  return entries.findLast((entry) => entry.path === path)
}

const SOURCE_NAMES = {
  network: 'Network',
  cache: 'Browser cache',
  index: 'Catalogue index (in this browser)',
  page: 'The page, rendered by the service',
} as const

/** Where the page's data came from: the network, the browser's HTTP cache or the index, at its time. */
function sourceOf(entry: RequestLogEntry | undefined): string {
  if (!entry) return 'React Query cache (filled by an earlier answer; not requested on its own)'
  return `${SOURCE_NAMES[entry.source]}, at ${new Date(entry.at).toLocaleTimeString('en-GB')}`
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  return `${(bytes / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} kB`
}

function ApiRequest({ path, entry }: { path: string; entry: RequestLogEntry | undefined }) {
  // The connection in use and its client (the routes that read the catalogue have one): its key, for a copy
  // that asks for it.
  const client = useCatalogueClient()
  const apiKey = useConnection().connection?.apiKey
  const [withKey, setWithKey] = useState(false)
  const { message, copy } = useClipboard()
  const headingId = useId()
  const url = client.urlOf(path)
  const json = entry?.body === undefined ? null : JSON.stringify(entry.body, null, 2)
  return (
    <section className="api-request" aria-labelledby={headingId}>
      <h2 id={headingId} className="api-address">
        <span className="api-method">GET</span> <span className="api-url">{url}</span>
      </h2>
      <dl className="api-facts">
        <div>
          <dt>Status</dt>
          <dd>{entry ? (entry.status ?? 'no answer (network error)') : 'not requested'}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          {/* A page rendered by the service carries no duration: its bytes are the same at every render. */}
          <dd>{entry && entry.source !== 'page' ? `${Math.round(entry.durationMs)} ms` : '–'}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{entry && entry.size !== null ? formatBytes(entry.size) : '–'}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{sourceOf(entry)}</dd>
        </div>
      </dl>
      <div className="api-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void copy(curlCommand(client.urlOf(path), withKey ? apiKey : undefined), 'curl command')
          }
        >
          Copy as curl
        </button>
        <label className="api-with-key">
          <input type="checkbox" checked={withKey} onChange={(event) => setWithKey(event.target.checked)} />
          Include my key (copied only, never shown)
        </label>
        {json !== null && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copy(json, 'Response JSON')}
          >
            Copy JSON
          </button>
        )}
      </div>
      <p className="api-copied" role="status">
        {message}
      </p>
      {json !== null && (
        <details className="api-json">
          <summary>Response JSON</summary>
          <JsonView text={json} label={`Response of GET ${path}`} />
        </details>
      )}
    </section>
  )
}
