import { describe, expect, it } from 'vitest'
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from './locale'

describe('the reader’s locale from Accept-Language', () => {
  it('takes the most preferred language the runtime can format', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE')
    expect(localeFromAcceptLanguage('en;q=0.5, ja-JP')).toBe('ja-JP')
    expect(localeFromAcceptLanguage('fr-CH, fr;q=0.9')).toBe('fr-CH')
  })

  it('falls back on the default for no header, a wildcard, nonsense or refused languages', () => {
    for (const header of [null, '', '*', '<script>', 'de;q=0', ';;;,,,', 'x'.repeat(5000)]) {
      expect(localeFromAcceptLanguage(header), String(header).slice(0, 20)).toBe(DEFAULT_LOCALE)
    }
  })
})
