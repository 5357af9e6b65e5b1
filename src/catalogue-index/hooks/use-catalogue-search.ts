import { useState } from 'react'
import type { CatalogueClient, Connection } from '../../api/client'
import { indexSupported } from './index-support'
import { type IndexState, useIndexStatus } from './use-index-status'
import { type SearchState, useSearch } from './use-search'

const NO_CONNECTION = { baseUrl: '', apiKey: '' }

/**
 * The catalogue's search (`useSearch`; `onService`: the service searches the whole catalogue, contract §13)
 * and, while the service answers it, the index's status:
 * a small catalogue is indexed unasked at once (the worker finds out whether it is small), and once the index
 * is complete and current (built so, or from a status line, or from here), the same text is searched again in
 * the whole index, with no key pressed. `connection` null: nothing is asked.
 */
export function useCatalogueSearch(
  connection: Connection | null,
  client: CatalogueClient | null,
  text: string,
  only?: string,
  onService = false,
): { search: SearchState; index: IndexState } {
  const [indexComplete, setIndexComplete] = useState(false)
  const search = useSearch(connection, client, text, only, indexComplete, onService)
  // Until the index answers (from the first keystroke, before the service has): someone is searching, so a
  // small catalogue is indexed unasked now, without waiting for the page to settle.
  const waitingForIndex = connection !== null && search.source !== 'index' && search.source !== 'names'
  const index = useIndexStatus(connection ?? NO_CONNECTION, {
    autoIndex: true,
    enabled: waitingForIndex && indexSupported(),
  })
  if (waitingForIndex && index.status?.complete && !index.stale && !indexComplete) setIndexComplete(true)
  return { search, index }
}
