import { useState } from 'react'
import { useCatalogueClient } from '../../api/connection-in-use'
import { COLLECTIONS, joinWithAnd } from '../../catalogue'
import './api-disclosure.css'

const LINK_FIELDS = joinWithAnd(
  COLLECTIONS.map(
    (collection) => `every ${collection.labels.singular}'s ${collection.characterLinks.plural}`,
  ),
)

/**
 * "API" on a page made from the catalogue index rather than from a request of its own: where its data came
 * from, and the list addresses the index was read from.
 */
export function IndexDisclosure({ updatedAt }: { updatedAt: number | null }) {
  const client = useCatalogueClient()
  // Filled in when opened, as the requests' disclosure is: the service's render of a first view writes
  // addresses relative to this site, the browser absolute ones.
  const [open, setOpen] = useState(false)
  return (
    <details className="api-disclosure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        API <span className="api-count">(from the catalogue index)</span>
      </summary>
      {open && (
        <div className="api-requests">
          <p className="api-intro">
            This page made no request of its own. The service has no character endpoint: the page came from
            the catalogue index in this browser
            {updatedAt !== null && `, last read at ${new Date(updatedAt).toLocaleTimeString('en-GB')}`}, which
            derives characters from {LINK_FIELDS}. The index was read page by page from:
          </p>
          <ul className="api-index-sources">
            {COLLECTIONS.map((collection) => (
              <li key={collection.name} className="api-address">
                <span className="api-method">GET</span> {client.urlOf(collection.listPath)}?page=…
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  )
}
