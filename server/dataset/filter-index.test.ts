import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateDataset } from '../data/generate'
import { FieldIndex } from './filter-index'

/** Enough distinct names for the trigram index, plus a few awkward ones. */
const names = [
  ...generateDataset({ locations: 2500, episodes: 0, seed: 99 }).locations.map((location) => location.name),
  'ÜBER İstanbul',
  'a\u0000b',
  'x',
  '',
]

function plainMatches(needle: string): number[] {
  const folded = needle.toLowerCase()
  return names.flatMap((name, index) => (name.toLowerCase().includes(folded) ? [index] : []))
}

function indexMatches(index: FieldIndex, needle: string): number[] {
  const marked = index.matchingValues(needle.toLowerCase())
  return names.flatMap((_, record) => (marked[index.valueOfRecord[record] as number] === 1 ? [record] : []))
}

describe('FieldIndex', () => {
  const index = new FieldIndex(names)

  it('finds exactly the values containing the needle, through the trigram index and the scan alike', () => {
    const pieces = fc
      .tuple(fc.constantFrom(...names), fc.nat(), fc.integer({ min: 1, max: 8 }))
      .map(([name, start, length]) => name.slice(start % Math.max(1, name.length)).slice(0, length))
      .filter((piece) => piece.length > 0)
    fc.assert(
      fc.property(fc.oneof(pieces, fc.string({ minLength: 1, maxLength: 5 })), (needle) => {
        expect(indexMatches(index, needle)).toEqual(plainMatches(needle))
      }),
      { numRuns: 300 },
    )
  })

  it('handles needles holding the separator, non-ASCII case and no match', () => {
    for (const needle of ['\u0000', 'a\u0000', 'über i', 'zzzzq', 'İ']) {
      expect(indexMatches(index, needle)).toEqual(plainMatches(needle))
    }
  })
})
