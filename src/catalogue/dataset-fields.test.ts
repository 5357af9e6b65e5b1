import { describe, expect, it } from 'vitest'
import { MAX_TEXT_CHARACTERS, matchesNoText, textProblem } from './dataset-fields'

describe('the text a catalogue may hold (contract §12, §13)', () => {
  it('holds 10,000 characters at most, counted as characters, not UTF-16 units', () => {
    expect(MAX_TEXT_CHARACTERS).toBe(10_000)
    expect(textProblem('🪐'.repeat(10_000))).toBeNull()
    expect(textProblem('a'.repeat(10_000))).toBeNull()
    expect(textProblem('a'.repeat(10_001))).toBe(
      'holds more than 10,000 characters, the most a catalogue text may hold',
    )
    expect(textProblem(`${'🪐'.repeat(9_999)}ab`)).toMatch(/^holds more than 10,000 characters/)
  })

  it('holds no U+0000 and no unpaired surrogate', () => {
    expect(textProblem('Null\u0000Space')).toMatch(/U\+0000/)
    expect(textProblem('Dimension \ud83d')).toMatch(/unpaired surrogate \(U\+D83D\)/)
    expect(textProblem('Dimension \ud83d\udc00')).toBeNull()
  })

  it('says a filter or facet value holding what no text can hold matches nothing', () => {
    expect(matchesNoText('x\u0000y')).toBe(true)
    expect(matchesNoText('\udc00')).toBe(true)
    expect(matchesNoText('Café 🪐')).toBe(false)
    expect(matchesNoText('')).toBe(false)
  })
})
