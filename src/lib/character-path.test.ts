import { describe, expect, it } from 'vitest'
import { characterListPath, characterPath } from './character-path'

describe('characterListPath', () => {
  it('leaves out page 1 and "any season"', () => {
    expect(characterListPath({ page: 1, season: null })).toBe('/characters')
  })

  it('writes the season, then the page', () => {
    expect(characterListPath({ page: 1, season: 3 })).toBe('/characters?season=3')
    expect(characterListPath({ page: 4, season: null })).toBe('/characters?page=4')
    expect(characterListPath({ page: 2, season: 1 })).toBe('/characters?season=1&page=2')
  })
})

describe('characterPath', () => {
  it('is a character page for one id and a comparison for several', () => {
    expect(characterPath(42)).toBe('/characters/42')
    expect(characterPath([1, 2])).toBe('/characters/1,2')
  })
})
