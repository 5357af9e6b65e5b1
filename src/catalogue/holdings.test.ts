import { describe, expect, it } from 'vitest'
import { COLLECTIONS, describeHoldings, joinWithAnd } from '.'

describe('what a catalogue holds, in words', () => {
  it('names each collection with its count, in the collections’ order, the last after "and"', () => {
    const [locations, episodes] = COLLECTIONS
    expect(
      describeHoldings([
        { labels: locations.labels, count: 126 },
        { labels: episodes.labels, count: 1 },
      ]),
    ).toBe('126 locations and 1 episode')
    expect(describeHoldings([{ labels: locations.labels, count: 100_000 }])).toBe('100,000 locations')
  })

  it('joins any number of items', () => {
    expect(joinWithAnd([])).toBe('')
    expect(joinWithAnd(['a'])).toBe('a')
    expect(joinWithAnd(['a', 'b', 'c'])).toBe('a, b and c')
  })
})
