import { createContext, useSyncExternalStore } from 'react'
import type { Connection } from '../../api/client'

/** The connection whose index the pages show; set by the routes that read the catalogue. */
export const IndexConnectionContext = createContext<Connection | null>(null)

/** Whether this browser can keep the catalogue index: it is built in a Web Worker and kept in IndexedDB. */
export const indexSupported = () => typeof Worker !== 'undefined' && 'indexedDB' in globalThis

const unchanging = () => () => undefined

/**
 * `indexSupported()` for a render: false in the service's render of a first view, and while the browser
 * hydrates it (so the HTML matches), then this browser's answer.
 */
export function useIndexSupported(): boolean {
  return useSyncExternalStore(unchanging, indexSupported, () => false)
}
