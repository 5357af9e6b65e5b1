/**
 * The memory the memory store's characters take (contract §13): the one derivation of characters made from the
 * dataset, measured by `heapFootprint`. Prints one JSON line: `{ ms, bytes, characters }`.
 *
 *   node --expose-gc --import tsx bench/characters-footprint.ts <dataset.json>
 */

import { MemoryCharacters } from '../server/dataset/memory-characters'
import { heapFootprint } from './heap-footprint'

const { built, ms, bytes } = heapFootprint('bench/characters-footprint.ts', (store) =>
  MemoryCharacters.of(store.collections),
)
// The characters are read after the measure, so that they are alive when measured.
const listed = await built.list(
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
