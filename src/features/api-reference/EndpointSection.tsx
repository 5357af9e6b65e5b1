import { lazy, Suspense, useId } from 'react'
import { JsonView } from '../../components/api/JsonView'
import { type Endpoint, type JsonSchema, type ResponseView, refName } from './openapi-model'
import { InlineCode, SchemaFields, SchemaType } from './SchemaView'
import { statusLabel } from './status-label'

// Its own chunk: the reference reads without it, and the first page never loads it.
const TryEndpoint = lazy(() => import('./TryEndpoint'))

/** One endpoint: what it does, its parameters, and each status with its headers, body and examples. */
export function EndpointSection({
  endpoint,
  schemas,
}: {
  endpoint: Endpoint
  schemas: ReadonlyMap<string, JsonSchema>
}) {
  const headingId = useId()
  const name = `${endpoint.method} ${endpoint.path}`
  return (
    <section className="endpoint" id={endpoint.anchor} aria-labelledby={headingId}>
      <h2 id={headingId} className="endpoint-heading">
        <span className="endpoint-method">{endpoint.method}</span> <code>{endpoint.path}</code>
      </h2>
      {endpoint.summary && <p className="endpoint-summary">{endpoint.summary}</p>}
      {endpoint.description && (
        <p>
          <InlineCode text={endpoint.description} />
        </p>
      )}
      <p className="endpoint-permalink">
        <a href={`#${endpoint.anchor}`} aria-label={`Link to ${name}`}>
          Link to this endpoint
        </a>
      </p>

      <h3>Parameters</h3>
      {endpoint.parameters.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="api-parameters">
          <caption className="visually-hidden">Parameters of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Required</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {endpoint.parameters.map((parameter) => (
              <tr key={`${parameter.in} ${parameter.name}`}>
                <th scope="row">
                  <code>{parameter.name}</code>
                </th>
                <td data-label="In">{parameter.in}</td>
                <td data-label="Required">{parameter.required ? 'required' : 'optional'}</td>
                <td data-label="Type">
                  <SchemaType schema={parameter.schema} />
                </td>
                <td data-label="Description">
                  <InlineCode text={parameter.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {endpoint.method === 'GET' && (
        <Suspense fallback={null}>
          <TryEndpoint endpoint={endpoint} />
        </Suspense>
      )}

      <h3>Responses</h3>
      {endpoint.responses.map((response) => (
        <ResponseBlock key={response.status} response={response} endpoint={name} schemas={schemas} />
      ))}

      {endpoint.otherMethods.length > 0 && (
        <>
          <h3>Other methods on this path</h3>
          <ul className="endpoint-others">
            {endpoint.otherMethods.map(({ method, summary }) => (
              <li key={method}>
                <span className="endpoint-method">{method}</span> {summary}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function ResponseBlock({
  response,
  endpoint,
  schemas,
}: {
  response: ResponseView
  endpoint: string
  schemas: ReadonlyMap<string, JsonSchema>
}) {
  const { body } = response
  // A body that names a schema shows its fields here too; a choice of several links to them.
  const schemaName = body && typeof body.$ref === 'string' ? refName(body.$ref, 'schemas') : null
  const named = schemaName === null ? undefined : schemas.get(schemaName)
  return (
    // Named with its endpoint: every endpoint has a "200 OK", and each landmark's name must be its own.
    <section className="api-response" aria-label={`${statusLabel(response.status)}, ${endpoint}`}>
      <h4 className="api-status">{statusLabel(response.status)}</h4>
      {response.description && (
        <p>
          <InlineCode text={response.description} />
        </p>
      )}
      {response.headers.length > 0 && (
        <details className="api-response-headers">
          <summary>Headers: {response.headers.map((header) => header.name).join(', ')}</summary>
          <ul>
            {response.headers.map((header) => (
              <li key={header.name}>
                <code>{header.name}</code>
                {header.description && (
                  <>
                    {' '}
                    — <InlineCode text={header.description} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      {body ? (
        <div className="api-body">
          <p>
            Body (JSON): <SchemaType schema={body} />
          </p>
          {named && <SchemaFields schema={named} />}
        </div>
      ) : (
        <p className="muted">No body.</p>
      )}
      {response.examples.map((example) => (
        <details key={example.name} className="api-example">
          <summary>Example{response.examples.length > 1 ? `: ${example.name}` : ''}</summary>
          <JsonView
            text={example.json}
            label={`Example ${example.name} of ${response.status} to ${endpoint}`}
          />
        </details>
      ))}
    </section>
  )
}
