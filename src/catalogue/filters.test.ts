import { describe, expect, it } from 'vitest'
import { filterMatches, normaliseFilterValue } from './filters'

describe('filterMatches', () => {
  it('matches a part of the field, ignoring letter case, non-ASCII letters included', () => {
    expect(filterMatches('Harbor Nine', 'bor n')).toBe(true)
    expect(filterMatches('Café Müller', 'CAFÉ MÜ')).toBe(true)
    expect(filterMatches('Ñandú Plains', 'ñandú')).toBe(true)
    expect(filterMatches('Harbor Nine', 'nine harbor')).toBe(false)
  })

  it('treats every character literally', () => {
    expect(filterMatches('Station .* Omega', '.*')).toBe(true)
    expect(filterMatches('Station X Omega', '.*')).toBe(false)
    expect(filterMatches('Earth (Prime Variant)', '(prime')).toBe(true)
    expect(filterMatches('100% Juice', '%')).toBe(true)
    expect(filterMatches('Back\\Slash', '\\s')).toBe(true)
    expect(filterMatches('Backslash', '\\s')).toBe(false)
  })

  it('trims the value, and an empty value matches everything', () => {
    expect(filterMatches('Harbor Nine', '  nine ')).toBe(true)
    expect(filterMatches('', '   ')).toBe(true)
    expect(normaliseFilterValue('  a b  ')).toBe('a b')
  })
})
