import { grouped } from '../../lib/format'

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; side: 'start' | 'end' }

/** At most this many items (page numbers and gaps) are shown, however many pages there are. */
export const MAX_ITEMS = 7

/**
 * The numbered part of a pager: the first and last pages, the current page with one neighbour on each side,
 * and a gap ("…") wherever pages are left out. Near either end the window slides so the length stays
 * the same (7), which keeps buttons from jumping about while paging.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return []
  const page = Math.min(Math.max(1, current), total)
  const pages = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, index) => ({ kind: 'page', page: from + index }))

  if (total <= MAX_ITEMS) return pages(1, total)
  const edge = MAX_ITEMS - 2 // pages shown next to the first or last one when the current page is near it
  if (page <= edge - 1) return [...pages(1, edge), { kind: 'gap', side: 'end' }, ...pages(total, total)]
  if (page >= total - edge + 2) {
    return [...pages(1, 1), { kind: 'gap', side: 'start' }, ...pages(total - edge + 1, total)]
  }
  return [
    ...pages(1, 1),
    { kind: 'gap', side: 'start' },
    ...pages(page - 1, page + 1),
    { kind: 'gap', side: 'end' },
    ...pages(total, total),
  ]
}

/** A page number typed into the jump field, clamped to the pages that exist, or null when it is not a number. */
export function jumpTarget(text: string, total: number): number | null {
  if (!/^\s*\d+\s*$/.test(text) || total < 1) return null
  return Math.min(Math.max(1, Number(text)), total)
}

/** Said when the page typed is past the end, and the last page is shown instead. */
export const BEYOND_LAST = (asked: number, pages: number) =>
  `There is no page ${grouped(asked)}: this list has ${grouped(pages)} pages, so this is the last.`

/** What the "Go to page" field accepts, said when it refuses what was typed. */
export const JUMP_HINT = (pages: number) => `Enter a whole number from 1 to ${grouped(pages)}.`
