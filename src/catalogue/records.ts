import { z } from 'zod/mini'

export const ErrorBodySchema = z.object({ error: z.string() })

/** The character id at the end of a character address (`…/v1/characters/42` gives 42), or null. */
export function characterIdFromUrl(url: string): number | null {
  const match = /\/characters\/(\d+)\/?$/.exec(url)
  return match ? Number(match[1]) : null
}
