import { describe, expect, it } from 'vitest'
import { blockedAddressReason, readServiceAddress } from './service-address'

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

  it('says why a page served over https cannot reach a plain-http service elsewhere (mixed content)', () => {
    const reason = blockedAddressReason('http://192.168.1.5:8080', 'https:')
    expect(reason).toMatch(
      /^Your browser blocks http:\/\/192\.168\.1\.5:8080 from this page: .*mixed content/,
    )
    expect(blockedAddressReason('http://192.168.1.5:8080', 'http:')).toBeNull()
    expect(blockedAddressReason('https://192.168.1.5:8443', 'https:')).toBeNull()
    expect(blockedAddressReason('http://localhost:8080', 'https:')).toBeNull()
    expect(blockedAddressReason('http://127.0.0.1:8080', 'https:')).toBeNull()
    expect(blockedAddressReason('', 'https:')).toBeNull()
  })
})
