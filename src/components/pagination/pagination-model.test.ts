import { afterEach, describe, expect, it } from 'vitest'
import { setReaderLocale } from '../../lib/format'
import { BEYOND_LAST, JUMP_HINT, jumpTarget, MAX_ITEMS, type PageItem, pageItems } from './pagination-model'

/** Writes items the way a reader sees them: numbers and "…". */
const show = (items: PageItem[]) =>
  items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ')

describe('page items', () => {
  it('has nothing to show without pages', () => {
    expect(pageItems(1, 0)).toEqual([])
  })

  it('shows every page, with no ellipsis, up to 7 pages', () => {
    expect(show(pageItems(1, 1))).toBe('1')
    expect(show(pageItems(2, 2))).toBe('1 2')
    expect(show(pageItems(4, 7))).toBe('1 2 3 4 5 6 7')
  })

  it('puts ellipses where pages are left out of 5,000', () => {
    expect(show(pageItems(1, 5000))).toBe('1 2 3 4 5 … 5000')
    expect(show(pageItems(4, 5000))).toBe('1 2 3 4 5 … 5000')
    expect(show(pageItems(5, 5000))).toBe('1 … 4 5 6 … 5000')
    expect(show(pageItems(2500, 5000))).toBe('1 … 2499 2500 2501 … 5000')
    expect(show(pageItems(4997, 5000))).toBe('1 … 4996 4997 4998 4999 5000')
    expect(show(pageItems(5000, 5000))).toBe('1 … 4996 4997 4998 4999 5000')
  })

  it('stays compact and always includes the first, last and current pages', () => {
    for (const total of [8, 9, 50, 5000, 1_000_000]) {
      for (const current of [1, 2, 3, 4, 5, Math.floor(total / 2), total - 4, total - 1, total]) {
        const items = pageItems(current, total)
        const numbers = items.flatMap((item) => (item.kind === 'page' ? [item.page] : []))
        expect(items).toHaveLength(MAX_ITEMS)
        expect(numbers).toContain(1)
        expect(numbers).toContain(total)
        expect(numbers).toContain(current)
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
      }
    }
  })

  it('clamps a current page outside the range', () => {
    expect(show(pageItems(99, 3))).toBe('1 2 3')
  })
})

describe('jump target', () => {
  it('reads a page number and keeps it within the pages', () => {
    expect(jumpTarget('3', 7)).toBe(3)
    expect(jumpTarget(' 12 ', 7)).toBe(7)
    expect(jumpTarget('0', 7)).toBe(1)
    expect(jumpTarget('abc', 7)).toBeNull()
    expect(jumpTarget('', 7)).toBeNull()
    expect(jumpTarget('2', 0)).toBeNull()
  })
})

describe('its messages', () => {
  afterEach(() => setReaderLocale(undefined))

  it('write the pages in the reader’s locale, the one the service rendered in, not the runtime’s', () => {
    setReaderLocale('ar-EG')
    const arabic = new Intl.NumberFormat('ar-EG')
    expect(JUMP_HINT(1234)).toBe(`Enter a whole number from 1 to ${arabic.format(1234)}.`)
    expect(BEYOND_LAST(2000, 1234)).toContain(
      `no page ${arabic.format(2000)}: this list has ${arabic.format(1234)}`,
    )
  })
})
