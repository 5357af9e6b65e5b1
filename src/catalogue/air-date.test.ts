import { describe, expect, it } from 'vitest'
import { parseAirDate, writeAirDate } from './air-date'

describe('air dates', () => {
  it('reads the calendar day, at midnight UTC, and writes it back the same', () => {
    for (const text of ['December 2, 2013', 'February 29, 2016', 'January 1, 0050', 'May 31, 2021']) {
      const date = parseAirDate(text)
      expect(date?.toISOString().slice(11)).toBe('00:00:00.000Z')
      expect(writeAirDate(date as Date)).toBe(text)
    }
    expect(parseAirDate('December 2, 2013')?.toISOString()).toBe('2013-12-02T00:00:00.000Z')
  })

  it.each([
    'February 30, 2013',
    'February 29, 2015',
    'April 31, 2020',
    'December 02, 2013',
    'Dec 2, 2013',
    'december 2, 2013',
    'December 2 2013',
    'December 2, 13',
    '2013-12-02',
  ])('refuses %j', (text) => {
    expect(parseAirDate(text)).toBeNull()
  })
})
