import { firstPages, type ListTarget } from '../../crawler'
import { type CollectionMeta, emptyMeta, type IndexDb, writeMeta } from './store'

/** What probing the lists to build needs. */
export interface Probe {
  base: string
  apiKey: string
  fetch: typeof fetch
  db: IndexDb
  /** What the index knows of each collection (their sizes are written into it, and kept). */
  metas: Map<string, CollectionMeta>
  lists: readonly ListTarget[]
  signal: AbortSignal
}

/**
 * Reads the first page of each list to build: their sizes, kept for the status line ("not built (100,000
 * locations in 5,000 pages …)"), the most pages of any, and the bytes of records the index will hold, estimated
 * from those pages' records (JSON, as the index keeps them) for the records it does not hold yet.
 */
export async function probeLists(probe: Probe): Promise<{ pages: number; bytes: number }> {
  const pages = await firstPages({
    baseUrl: probe.base,
    apiKey: probe.apiKey,
    fetch: probe.fetch,
    lists: probe.lists,
    signal: probe.signal,
  })
  let most = 0
  let bytes = 0
  for (const page of pages) {
    const known = probe.metas.get(page.collection) ?? emptyMeta(page.collection)
    const meta = { ...known, count: page.count, pages: page.pages }
    probe.metas.set(page.collection, meta)
    await writeMeta(probe.db, meta)
    most = Math.max(most, page.pages)
    const sample = page.results.length > 0 ? JSON.stringify(page.results).length / page.results.length : 0
    bytes += Math.max(0, page.count - meta.records) * sample
  }
  return { pages: most, bytes: Math.round(bytes) }
}
