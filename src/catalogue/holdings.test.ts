import { describe, expect, it } from 'vitest'
import { COLLECTIONS, describeHoldings, joinWithAnd } from '.'

describe('what a catalogue holds, in words', () => {
  it('names each collection with its count, in the collections’ order, the last after "and"', () => {
    const counts = COLLECTIONS.map(({ labels }, index) => ({ labels, count: [126, 1][index] ?? 1000 }))
    expect(describeHoldings(counts)).toBe('126 locations and 1 episode')
    expect(describeHoldings([{ labels: COLLECTIONS[0].labels, count: 100_000 }])).toBe('100,000 locations')
  })

  it('joins any number of items', () => {
    expect(joinWithAnd([])).toBe('')
    expect(joinWithAnd(['a'])).toBe('a')
    expect(joinWithAnd(['a', 'b', 'c'])).toBe('a, b and c')
  })
})
