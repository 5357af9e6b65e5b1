import { type FormEvent, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { absoluteUrl } from '../../api/absolute-url'
import { useConnection } from '../../api/connection-in-use'
import { JsonView } from '../../components/api/JsonView'
import { useClipboard } from '../../components/api/use-clipboard'
import { grouped } from '../../lib/format'
import type { Endpoint } from './openapi-model'
import {
  codeSamples,
  explorerPath,
  missingPathParameter,
  type ParameterValues,
  requestPath,
} from './request-code'
import { statusLabel } from './status-label'

type Answer = {
  path: string
  status: number
  ms: number
  headers: [string, string][]
  body: string
  json: boolean
}
type Outcome = { answer: Answer } | { failed: string }

/** Stands in for the key wherever an answer quotes it: the key is never shown. */
const HIDDEN = '[hidden]'

/**
 * "Try it" for one endpoint (a lazy chunk of the API page): a field per parameter, sent to the service in use
 * with the key in use (in the Authorization header: never shown, never in an address); the answer's status,
 * time, headers and highlighted body; the request as code; and a link to the explorer's page of the same records.
 */
export default function TryEndpoint({ endpoint }: { endpoint: Endpoint }) {
  const { connection } = useConnection()
  const id = useId()
  const [values, setValues] = useState<ParameterValues>({})
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState('')
  const abort = useRef<AbortController | null>(null)
  const name = `${endpoint.method} ${endpoint.path}`
  const base = connection?.baseUrl ?? ''
  const url = absoluteUrl(base, requestPath(endpoint, values), window.location.origin)

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!connection) return
    const missing = missingPathParameter(endpoint, values)
    if (missing !== null) {
      setProblem(`Enter ${missing}: the address needs it.`)
      return
    }
    setProblem('')
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setSending(true)
    const path = requestPath(endpoint, values)
    const started = performance.now()
    try {
      const response = await fetch(absoluteUrl(base, path, window.location.origin), {
        method: endpoint.method,
        headers: { Authorization: `Bearer ${connection.apiKey}`, Accept: 'application/json' },
        signal: controller.signal,
      })
      const text = (await response.text()).replaceAll(connection.apiKey, HIDDEN)
      const ms = Math.round(performance.now() - started)
      let body = text
      let json = false
      try {
        body = JSON.stringify(JSON.parse(text), null, 2)
        json = true
      } catch {
        // Not JSON: shown as it came.
      }
      setOutcome({
        answer: { path, status: response.status, ms, headers: [...response.headers], body, json },
      })
    } catch {
      if (controller.signal.aborted) return
      setOutcome({ failed: 'The service could not be reached.' })
    } finally {
      if (abort.current === controller) setSending(false)
    }
  }

  const query = endpoint.parameters.filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
  return (
    // Named with its endpoint: each endpoint has one, and each landmark's name must be its own.
    <section className="api-try" aria-label={`Try ${name}`}>
      <h3>Try it</h3>
      {!connection ? (
        <p>
          Sending a request needs an API key: enter one in <Link to="/settings">Settings</Link>.
        </p>
      ) : (
        <form className="api-try-form" onSubmit={(event) => void send(event)} noValidate>
          {query.map((parameter) => (
            <div key={parameter.name} className="field">
              <label htmlFor={`${id}-${parameter.name}`}>
                {parameter.name}
                {parameter.in === 'path' ? ' (in the path, required)' : ''}
              </label>
              <input
                id={`${id}-${parameter.name}`}
                type="text"
                autoComplete="off"
                spellCheck={false}
                value={values[parameter.name] ?? ''}
                onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
              />
            </div>
          ))}
          <p className="api-try-key muted">
            Sent to <code>{url}</code> with the API key in use, in the <code>Authorization</code> header
            (never shown).
          </p>
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Sending…' : `Send ${endpoint.method} request`}
          </button>
          <p className="api-try-problem" role="status">
            {problem}
          </p>
        </form>
      )}
      {outcome && 'failed' in outcome && <p role="alert">{outcome.failed}</p>}
      {outcome && 'answer' in outcome && (
        <AnswerView answer={outcome.answer} endpoint={endpoint} values={values} name={name} />
      )}
      <RequestAsCode url={url} name={name} />
    </section>
  )
}

function AnswerView({
  answer,
  endpoint,
  values,
  name,
}: {
  answer: Answer
  endpoint: Endpoint
  values: ParameterValues
  name: string
}) {
  const view = answer.status < 400 ? explorerPath(endpoint, values) : null
  return (
    <div className="api-try-answer">
      <p role="status" className="api-try-status">
        <strong>{statusLabel(String(answer.status))}</strong> in {grouped(answer.ms)} ms, from{' '}
        <code>{answer.path}</code>
      </p>
      {view && (
        <p>
          <Link to={view}>Show this in the explorer</Link>
        </p>
      )}
      <details className="api-try-headers">
        <summary>Headers ({answer.headers.length})</summary>
        <dl>
          {answer.headers.map(([header, value]) => (
            <div key={header}>
              <dt>{header}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      {answer.json ? (
        <JsonView text={answer.body} label={`Answer of ${name}`} />
      ) : (
        <pre className="api-try-text">{answer.body}</pre>
      )}
    </div>
  )
}

function RequestAsCode({ url, name }: { url: string; name: string }) {
  const { message, copy } = useClipboard()
  return (
    <details className="api-try-code">
      <summary>The request as code</summary>
      <p className="muted">
        Each reads the key from the environment variable <code>CATALOGUE_API_KEY</code>.
      </p>
      {codeSamples(url).map((sample) => (
        <div key={sample.language} className="api-try-sample">
          <h4>{sample.language}</h4>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard. */}
          <section className="api-try-snippet" tabIndex={0} aria-label={`${name} as ${sample.language}`}>
            <pre>
              <code>{sample.code}</code>
            </pre>
          </section>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copy(sample.code, sample.language)}
          >
            Copy {sample.language}
          </button>
        </div>
      ))}
      <p role="status">{message}</p>
    </details>
  )
}
