import { describe, expect, it } from 'vitest'
import { formatAirDate, formatCreated } from './format'

describe('formatting for readers', () => {
  it('formats an air date in the reader’s locale without shifting the day', () => {
    expect(formatAirDate('December 2, 2013', 'en-US')).toBe('December 2, 2013')
    expect(formatAirDate('December 2, 2013', 'de-DE')).toBe('2. Dezember 2013')
    expect(formatAirDate('January 31, 2020', 'en-GB')).toBe('31 January 2020')
    expect(formatAirDate('sometime', 'en-US')).toBe('sometime')
  })

  it('formats a creation time with date and time', () => {
    const text = formatCreated('2017-11-10T12:42:04.162Z', 'en-US')
    expect(text).toContain('2017')
    expect(text).toMatch(/\d{1,2}:\d{2}/)
    expect(formatCreated('not a date')).toBe('not a date')
  })
})
