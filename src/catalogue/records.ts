import { z } from 'zod/mini'

export const ErrorBodySchema = z.object({ error: z.string() })

/**
 * The public API answers a list with no records (page 1) with `404 {"error": NOTHING_HERE}` instead of an empty
 * page (contract section 4); every reader of lists takes that as an empty list.
 */
export const NOTHING_HERE = 'There is nothing here'

/** No records at all, as a list page's `info` reads. */
export const EMPTY_LIST_INFO = { count: 0, pages: 0, next: null, prev: null } as const

/** Whether an answer to a list's `page` is the public API's way of saying the list is empty (see NOTHING_HERE). */
export const isNothingHere = (status: number, page: number, body: unknown): boolean =>
  status === 404 && page === 1 && ErrorBodySchema.safeParse(body).data?.error === NOTHING_HERE

/**
 * The character id of a character address: its last path segment, plain digits with a value of at least 1
 * (`…/v1/characters/42` and the public API's `…/api/character/42/` give 42), or null.
 */
export function characterIdFromUrl(url: string): number | null {
  if (!URL.canParse(url, 'http://relative.invalid')) return null
  const segments = new URL(url, 'http://relative.invalid').pathname.split('/').filter((part) => part !== '')
  const last = segments.at(-1) ?? ''
  if (!/^[0-9]{1,15}$/.test(last)) return null
  const id = Number(last)
  return id >= 1 ? id : null
}
