import { createContext } from 'react'
import type { Connection } from '../api/client'

/** The connection whose index the pages show; set by the routes that read the catalogue. */
export const IndexConnectionContext = createContext<Connection | null>(null)
