import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useLoaderData, useLocation } from 'react-router-dom'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { LoadingBar } from '../../components/states/LoadingBar'
import { EndpointSection } from './EndpointSection'
import type { LoadedReference } from './load-reference'
import type { ApiReference } from './openapi-model'
import { referenceQueryOptions } from './queries'
import { InlineCode, SchemaFields, schemaAnchor } from './SchemaView'
import './api-reference.css'

/** What the route's loader hands the page: where the service in use lives (empty: this site's own). */
export type ApiReferenceData = { baseUrl: string }

/**
 * `/api`: the service's OpenAPI document as a reference (endpoints, parameters, statuses with their bodies,
 * examples), each endpoint at its own anchor; the specification's document, built in, when a service has none.
 */
export default function ApiReferencePage() {
  usePageTitle('API reference')
  const { baseUrl } = useLoaderData() as ApiReferenceData
  const loaded = useQuery(referenceQueryOptions(baseUrl))

  return (
    <div className="api-reference">
      <PageHeading>API reference</PageHeading>
      {loaded.data ? <Reference loaded={loaded.data} /> : <LoadingBar label="Reading the API document" />}
    </div>
  )
}

function Reference({ loaded }: { loaded: LoadedReference }) {
  const { reference } = loaded
  const schemas = useMemo(
    () => new Map(reference.schemas.map(({ name, schema }) => [name, schema])),
    [reference],
  )
  useScrollToHash(reference)
  return (
    <>
      {loaded.source === 'built-in' ? (
        <p className="notice notice-info" role="note">
          This service publishes no API document ({loaded.reason}); showing the specification's, built into
          the explorer.
        </p>
      ) : (
        <p className="page-lede">
          From the service's own document,{' '}
          <a href={loaded.url}>{new URL(loaded.url, window.location.href).href}</a>.
        </p>
      )}
      <p className="api-reference-about">
        <strong>{reference.title}</strong>, version {reference.version}.{' '}
        {reference.description && <InlineCode text={reference.description} />}
      </p>

      <div className="api-reference-body">
        <nav aria-label="Endpoints" className="api-reference-toc">
          <h2 className="visually-hidden">Endpoints</h2>
          {reference.endpoints.length === 0 ? (
            <p>This document describes no endpoints.</p>
          ) : (
            <ul>
              {reference.endpoints.map((endpoint) => (
                <li key={endpoint.anchor}>
                  <a href={`#${endpoint.anchor}`}>
                    <span className="endpoint-method">{endpoint.method}</span> <code>{endpoint.path}</code>
                  </a>
                  {endpoint.summary && (
                    <span className="muted toc-summary">
                      <span className="toc-dash"> — </span>
                      {endpoint.summary}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </nav>

        <div className="api-reference-main">
          {reference.endpoints.map((endpoint) => (
            <EndpointSection key={endpoint.anchor} endpoint={endpoint} schemas={schemas} />
          ))}

          {reference.schemas.length > 0 && (
            <section className="api-schemas" aria-labelledby="api-schemas-heading">
              <h2 id="api-schemas-heading">Schemas</h2>
              {reference.schemas.map(({ name, schema }) => (
                <section
                  key={name}
                  id={schemaAnchor(name)}
                  className="api-schema"
                  aria-label={`Schema ${name}`}
                >
                  <h3>
                    <code>{name}</code>
                  </h3>
                  <SchemaFields schema={schema} />
                </section>
              ))}
            </section>
          )}
        </div>
      </div>
    </>
  )
}

/** An address with an anchor (`/api#listLocations`) opens at that endpoint once the document is shown. */
function useScrollToHash(reference: ApiReference) {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash || !reference) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [hash, reference])
}
