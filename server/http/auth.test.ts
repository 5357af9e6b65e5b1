import { describe, expect, it } from 'vitest'
import { KeyRing } from './auth'

describe('KeyRing', () => {
  const ring = new KeyRing(['alpha-key', 'beta-key'])

  it('tells which accepted key was sent, with Bearer in any case', () => {
    expect(ring.check('Bearer beta-key')).toMatchObject({ ok: true, keyIndex: 1 })
    expect(ring.check('bEaReR alpha-key')).toMatchObject({ ok: true, keyIndex: 0 })
  })

  it('refuses near misses, and still refuses them when asked again', () => {
    for (let round = 0; round < 2; round++) {
      for (const header of ['Bearer alpha-ke', 'Bearer alpha-keyx', 'Bearer ALPHA-KEY']) {
        expect(ring.check(header)).toMatchObject({ ok: false, keySent: true })
      }
    }
  })

  it('keeps answering right after seeing more distinct keys than it remembers', () => {
    for (let index = 0; index < 3000; index++) expect(ring.check(`Bearer guess-${index}`).ok).toBe(false)
    expect(ring.check('Bearer alpha-key')).toMatchObject({ ok: true, keyIndex: 0 })
  })

  it('tells a missing header from another scheme', () => {
    expect(ring.check(undefined)).toMatchObject({
      ok: false,
      keySent: false,
      challenge: 'Bearer realm="catalogue"',
    })
    expect(ring.check('Basic YWxhZGRpbjpvcGVu')).toMatchObject({ ok: false, keySent: false })
    expect(ring.check('Bearer')).toMatchObject({ ok: false, keySent: false })
  })

  it('reads a header that is not "Bearer", one space and a key as malformed, not as an unknown key', () => {
    for (const header of [
      'Bearer  alpha-key',
      'Bearer alpha-key ',
      'Bearer alpha key',
      'Bearer\talpha-key',
    ]) {
      expect(ring.check(header), header).toMatchObject({ ok: false, keySent: false })
    }
  })
})
