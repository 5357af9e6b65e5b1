import { type CatalogueStore, loadStore } from '../server/dataset/store'

/**
 * What a structure built from a dataset holds, in a process run with `--expose-gc` (bench/search-footprint.ts,
 * bench/characters-footprint.ts): the dataset read as the store reads it, then `build`, the heap and array
 * buffers compared, each after a full collection. Exits with its usage when the process has no `gc`.
 */
export function heapFootprint<T>(
  script: string,
  build: (store: CatalogueStore) => T,
): { built: T; ms: number; bytes: number } {
  const [file] = process.argv.slice(2)
  const gc = (globalThis as { gc?: () => void }).gc
  if (!file || !gc) {
    console.error(`Usage: node --expose-gc --import tsx ${script} <dataset.json>`)
    process.exit(1)
  }
  const used = () => {
    gc()
    const { heapUsed, arrayBuffers } = process.memoryUsage()
    return heapUsed + arrayBuffers
  }
  // Any size the service can be told to read (CATALOGUE_DATA_MAX_MB is at most 511).
  const store = loadStore(file, 511 * 1024 * 1024)
  const before = used()
  const began = performance.now()
  const built = build(store)
  const ms = performance.now() - began
  return { built, ms, bytes: used() - before }
}
