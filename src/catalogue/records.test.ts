import { describe, expect, it } from 'vitest'
import { characterIdFromUrl } from './records'

describe('character ids from addresses', () => {
  it('takes the last path segment when it is a whole number of at least 1', () => {
    expect(characterIdFromUrl('https://x.test/v1/characters/42')).toBe(42)
    expect(characterIdFromUrl('https://x.test/api/character/7/')).toBe(7)
    expect(characterIdFromUrl('https://x.test/v1/characters/007')).toBe(7)
    expect(characterIdFromUrl('https://x.test/v1/characters/abc')).toBeNull()
    expect(characterIdFromUrl('https://x.test/v1/characters/0')).toBeNull()
    expect(characterIdFromUrl('https://x.test/v1/characters/4?x=1')).toBe(4)
    expect(characterIdFromUrl('/v1/characters/4')).toBe(4)
    expect(characterIdFromUrl('')).toBeNull()
    expect(characterIdFromUrl('https://x.test/v1/characters/12345678901234567')).toBeNull()
  })
})
