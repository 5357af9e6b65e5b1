import { afterEach, describe, expect, it } from 'vitest'
import { setReaderLocale } from './format'
import { characterNumbers, countText, idList, listSummary } from './wording'

afterEach(() => setReaderLocale(undefined))

describe('wording for readers', () => {
  it('counts residents and characters', () => {
    expect(countText(0, 'resident', 'residents')).toBe('No residents')
    expect(countText(1, 'resident', 'residents')).toBe('1 resident')
    expect(countText(12, 'character', 'characters')).toBe('12 characters')
  })

  it('writes a count in the reader’s digits, as the list’s summary beside it', () => {
    expect(countText(1234, 'character', 'characters')).toBe(`${(1234).toLocaleString()} characters`)
    setReaderLocale('ar-EG')
    expect(countText(3, 'resident', 'residents')).toBe('٣ residents')
    expect(listSummary(3, 1, 3, { singular: 'resident', plural: 'residents', filtered: false })).toMatch(
      / ٣ residents$/,
    )
  })

  it('reads character numbers from their addresses', () => {
    expect(
      characterNumbers(['https://x.test/v1/characters/4', 'https://x.test/v1/characters/17', 'odd']),
    ).toEqual([4, 17])
  })

  it('summarises a list page', () => {
    const locations = { singular: 'location', plural: 'locations', filtered: false }
    expect(listSummary(126, 2, 20, locations)).toBe('21–40 of 126 locations')
    expect(listSummary(126, 7, 6, locations)).toBe('121–126 of 126 locations')
    expect(listSummary(1, 1, 1, locations)).toBe('1–1 of 1 location')
    expect(listSummary(0, 1, 0, { singular: 'episode', plural: 'episodes', filtered: true })).toBe(
      'No episodes match these filters',
    )
    expect(listSummary(0, 1, 0, locations)).toBe('No locations')
  })

  it('groups the digits of large numbers for the reader', () => {
    const locations = { singular: 'location', plural: 'locations', filtered: false }
    expect(listSummary(123_456, 3000, 20, locations)).toBe(
      `${(59_981).toLocaleString()}–${(60_000).toLocaleString()} of ${(123_456).toLocaleString()} locations`,
    )
    expect(listSummary(123_456, 3000, 20, locations)).not.toBe('59981–60000 of 123456 locations')
  })

  it('lists ids as a reader scans them, and counts the rest of a long list', () => {
    expect(idList([4, 9])).toBe('#4, #9')
    expect(idList(Array.from({ length: 374 }, (_, index) => index + 1))).toBe(
      '#1, #2, #3, #4, #5, #6, #7, #8, #9, #10 and 364 more',
    )
  })
})
