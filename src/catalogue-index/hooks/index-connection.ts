import { createContext, useSyncExternalStore } from 'react'
import type { Connection } from '../../api/client'

/** The connection whose index the pages show; set by the routes that read the catalogue. */
export const IndexConnectionContext = createContext<Connection | null>(null)

/** Whether this browser can keep the catalogue index: it is built in a Web Worker and kept in IndexedDB. */
export const indexSupported = () => typeof Worker !== 'undefined' && 'indexedDB' in globalThis

const unchanging = () => () => undefined
const notKnownYet = () => null

/**
 * `indexSupported()` for a render: null (not known yet) in the service's render of a first view and while the
 * browser hydrates it, so that the HTML matches; then this browser's answer.
 */
export function useIndexSupport(): boolean | null {
  return useSyncExternalStore<boolean | null>(unchanging, indexSupported, notKnownYet)
}

/** Whether the index can be used in this render: false until known (see `useIndexSupport`). */
export const useIndexSupported = (): boolean => useIndexSupport() === true
