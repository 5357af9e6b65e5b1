import { describe, expect, it } from 'vitest'
import { lettersIn, oneEditApart } from './one-edit'

describe('one edit apart (contract §13)', () => {
  it('counts an inserted, a deleted or a replaced letter as one edit', () => {
    expect(oneEditApart('cafe', 'cafes')).toBe(true)
    expect(oneEditApart('cafes', 'cafe')).toBe(true)
    expect(oneEditApart('cafe', 'cafo')).toBe(true)
    expect(oneEditApart('cafe', 'xcafe')).toBe(true)
    expect(oneEditApart('cafe', 'cfe')).toBe(true)
  })

  it('counts a swap as two edits, and the same word as none', () => {
    expect(oneEditApart('cafe', 'cfae')).toBe(false)
    expect(oneEditApart('cafe', 'cafe')).toBe(false)
    expect(oneEditApart('cafe', 'cafeteria')).toBe(false)
    expect(oneEditApart('cafe', 'kafo')).toBe(false)
  })

  it('counts letters as code points', () => {
    expect(lettersIn('𝔞𝔟𝔠')).toBe(3)
    expect(oneEditApart('𝔞𝔟𝔠𝔡', '𝔞𝔟𝔠')).toBe(true)
    expect(oneEditApart('𝔞𝔟𝔠𝔡', '𝔞𝔟𝔢𝔡')).toBe(true)
    expect(oneEditApart('𝔞𝔟𝔠𝔡', '𝔞𝔠𝔟𝔡')).toBe(false)
  })
})
