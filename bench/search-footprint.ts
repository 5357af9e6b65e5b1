/**
 * The memory the service's search takes (contract §13), measured in a process of its own run with
 * `--expose-gc`: the dataset is read as the store reads it, then the search engine is built, and the heap and
 * array buffers are compared, each after a full collection. Prints one JSON line: `{ ms, bytes }`.
 *
 *   node --expose-gc --import tsx bench/search-footprint.ts <dataset.json>
 */

import { loadStore } from '../server/dataset/store'
import { SearchEngine } from '../src/catalogue/search/engine'

const [file] = process.argv.slice(2)
const gc = (globalThis as { gc?: () => void }).gc
if (!file || !gc) {
  console.error('Usage: node --expose-gc --import tsx bench/search-footprint.ts <dataset.json>')
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
const engine = SearchEngine.of(
  store.collections.map((source) => ({ collection: source.collection, records: source.records })),
)
const ms = performance.now() - began
const bytes = used() - before
// The engine is read after the measure, so that it is alive when measured.
console.log(JSON.stringify({ ms, bytes, characters: engine.characters.size }))
