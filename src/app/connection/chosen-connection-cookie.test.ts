// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { choseConnection } from '../../catalogue'
import { markConnectionChosen } from './chosen-connection-cookie'

describe('the cookie that tells the site’s service a connection was chosen in Settings', () => {
  it('is set while a connection is saved, and cleared once none is', () => {
    markConnectionChosen({ baseUrl: 'https://other.example', apiKey: 'their-key-0123456' })
    expect(choseConnection(document.cookie)).toBe(true)
    expect(document.cookie).not.toContain('other.example')
    expect(document.cookie).not.toContain('their-key')
    markConnectionChosen({ baseUrl: '', apiKey: 'a-key-of-its-own-01' })
    expect(choseConnection(document.cookie)).toBe(true)
    expect(document.cookie).not.toContain('a-key-of-its-own')
    markConnectionChosen(null)
    expect(choseConnection(document.cookie)).toBe(false)
  })
})
