import { z } from 'zod/mini'

export const ErrorBodySchema = z.object({ error: z.string() })

/**
 * The public API answers a list with no records (page 1) with `404 {"error": NOTHING_HERE}` instead of an empty
 * page (contract section 4); every reader of lists takes that as an empty list.
 */
export const NOTHING_HERE = 'There is nothing here'

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
