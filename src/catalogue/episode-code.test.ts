import { describe, expect, it } from 'vitest'
import { normaliseEpisodeCode, readEpisodeShorthand } from './episode-code'

describe('episode shorthands', () => {
  it.each([
    ['s2e3', 'S02E03'],
    ['S02E3', 'S02E03'],
    [' season 2 episode 3 ', 'S02E03'],
    ['S2', 'S02'],
    ['season 12', 'S12'],
    ['S02E03', 'S02E03'],
    ['S02', 'S02'],
  ])('reads %j as %j', (typed, code) => {
    expect(readEpisodeShorthand(typed)?.code).toBe(code)
    expect(normaliseEpisodeCode(typed)).toBe(code)
  })

  it.each(['E03', 'S', 'S123', 'pilot', '', 'S2E'])('leaves %j as typed', (typed) => {
    expect(readEpisodeShorthand(typed)).toBeNull()
    expect(normaliseEpisodeCode(typed)).toBe(typed)
  })
})
