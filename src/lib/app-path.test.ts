import { describe, expect, it } from 'vitest'
import { isAppPath } from './app-path'

describe('addresses inside the app', () => {
  it('accepts paths of this app, with their search', () => {
    expect(isAppPath('/locations?name=a&page=2')).toBe(true)
    expect(isAppPath('/')).toBe(true)
  })

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', 'locations', '', 42, null])(
    'refuses %j',
    (text) => {
      expect(isAppPath(text)).toBe(false)
    },
  )
})
