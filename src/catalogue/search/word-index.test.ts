import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lettersIn, oneEditApart } from './one-edit'
import { TYPO_FROM_LETTERS, WordIndex } from './word-index'

/** Words over a few letters (one beyond the Basic Multilingual Plane), so that many are one edit apart. */
const word = fc
  .array(fc.constantFrom('a', 'b', 'c', 'd', '𝔞'), { minLength: 3, maxLength: 7 })
  .map((letters) => letters.join(''))

describe('the word index', () => {
  it('finds every word one edit away, and no other, as comparing the query with every word would', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 60 }), word, (words, query) => {
        const index = WordIndex.of(words.map((each) => [each]))
        const distinct = [...new Set(words)]
        const expected = distinct.filter(
          (other) => other === query || (lettersIn(query) >= TYPO_FROM_LETTERS && oneEditApart(query, other)),
        )
        const found = index.matchesOf(query, false).map((number) => {
          const held = index.documentsAt(number)
          return words[held[0] as number]
        })
        expect(new Set(found)).toEqual(new Set(expected))
      }),
      { numRuns: 300 },
    )
  })

  it('keeps each word’s documents in ascending order, each once', () => {
    const index = WordIndex.of([['b', 'a', 'b'], ['a'], [], ['b']])
    expect(Array.from(index.documentsAt(index.numberOf('a')))).toEqual([0, 1])
    expect(Array.from(index.documentsAt(index.numberOf('b')))).toEqual([0, 3])
    expect(index.numberOf('c')).toBe(-1)
  })
})
