import { createContext, useContext } from 'react'
import type { CatalogueClient } from './client'

/** The client for the connection in use; null until the explorer knows a key. */
export const CatalogueClientContext = createContext<CatalogueClient | null>(null)

export function useCatalogueClient(): CatalogueClient {
  const client = useContext(CatalogueClientContext)
  if (!client) throw new Error('No catalogue connection: the routes that fetch data need one.')
  return client
}
