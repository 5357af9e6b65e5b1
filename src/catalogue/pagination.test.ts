import { describe, expect, it } from 'vitest'
import { PAGE_SIZE, pageCount, parsePage } from './pagination'

describe('parsePage', () => {
  it('reads plain decimal digits of at least 1', () => {
    expect(parsePage('1')).toBe(1)
    expect(parsePage('20')).toBe(20)
    expect(parsePage('007')).toBe(7)
  })

  it('reads a number too large to hold exactly as a page beyond any list', () => {
    expect(parsePage('99999999999999999999')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parsePage('9'.repeat(400))).toBe(Number.MAX_SAFE_INTEGER)
  })

  it.each(['0', '000', '-1', '1.5', 'abc', '', ' 1', '1 ', '+1', '1e2', '0x10'])('refuses %j', (text) => {
    expect(parsePage(text)).toBeNull()
  })
})

describe('pageCount', () => {
  it('is ceil(count / page size), 0 for no records', () => {
    expect(PAGE_SIZE).toBe(20)
    expect(pageCount(0)).toBe(0)
    expect(pageCount(1)).toBe(1)
    expect(pageCount(20)).toBe(1)
    expect(pageCount(21)).toBe(2)
    expect(pageCount(126)).toBe(7)
  })
})
