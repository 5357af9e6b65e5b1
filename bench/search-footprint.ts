/**
 * The memory the service's search takes (contract §13): the search engine built from the dataset, measured by
 * `heapFootprint`. Prints one JSON line: `{ ms, bytes, characters }`.
 *
 *   node --expose-gc --import tsx bench/search-footprint.ts <dataset.json>
 */

import { SearchEngine } from '../src/catalogue/search/engine'
import { heapFootprint } from './heap-footprint'

const { built, ms, bytes } = heapFootprint('bench/search-footprint.ts', (store) =>
  SearchEngine.of(
    store.collections.map((source) => ({ collection: source.collection, records: source.records })),
  ),
)
// The engine is read after the measure, so that it is alive when measured.
console.log(JSON.stringify({ ms, bytes, characters: built.characters.size }))
