import { describe, expect, it } from 'vitest'
import { readServiceAddress } from './service-address'

describe('the service address', () => {
  it('reads empty as this site', () => {
    expect(readServiceAddress('  ')).toBe('')
  })

  it('keeps a full http(s) address, without a trailing slash', () => {
    expect(readServiceAddress(' https://catalogue.example.org/ ')).toBe('https://catalogue.example.org')
    expect(readServiceAddress('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080')
    expect(readServiceAddress('https://example.org/api/')).toBe('https://example.org/api')
  })

  it('refuses what is not a full http(s) address', () => {
    expect(readServiceAddress('catalogue.example.org')).toBeNull()
    expect(readServiceAddress('ftp://example.org')).toBeNull()
    expect(readServiceAddress('https://example.org/?key=1')).toBeNull()
    expect(readServiceAddress('https://user:secret@example.org')).toBeNull()
  })
})
