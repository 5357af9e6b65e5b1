/**
 * The memory the memory store's characters take (contract §13), measured in a process of its own run with
 * `--expose-gc`: the dataset is read as the store reads it, then its characters are derived, and the heap and
 * array buffers are compared, each after a full collection. Prints one JSON line: `{ ms, bytes, characters }`.
 *
 *   node --expose-gc --import tsx bench/characters-footprint.ts <dataset.json>
 */

import { MemoryCharacters } from '../server/dataset/memory-characters'
import { loadStore } from '../server/dataset/store'

const [file] = process.argv.slice(2)
const gc = (globalThis as { gc?: () => void }).gc
if (!file || !gc) {
  console.error('Usage: node --expose-gc --import tsx bench/characters-footprint.ts <dataset.json>')
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
const characters = MemoryCharacters.of(store.collections)
const ms = performance.now() - began
const bytes = used() - before
// The characters are read after the measure, so that they are alive when measured.
const listed = await characters.list(
  {
    page: 1,
    pageText: '1',
    selection: { season: null, sort: null, ranges: {} },
    seasonFacet: false,
    bins: [],
  },
  0,
  0,
)
console.log(JSON.stringify({ ms, bytes, characters: listed.count }))
