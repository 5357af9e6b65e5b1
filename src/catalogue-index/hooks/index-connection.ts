import { createContext } from 'react'
import type { Connection } from '../../api/client'

/** The connection whose index the pages show; set by the routes that read the catalogue. */
export const IndexConnectionContext = createContext<Connection | null>(null)

/** Whether this browser can keep the catalogue index: it is built in a Web Worker and kept in IndexedDB. */
export const indexSupported = () => typeof Worker !== 'undefined' && 'indexedDB' in globalThis
