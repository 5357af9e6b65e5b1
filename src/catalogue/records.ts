// zod/mini: the same validation as classic zod, tree-shakable; it keeps the explorer's first page within its
// JavaScript budget (classic zod alone is about 23 KB gzipped there, mini about 6 KB).
import { z } from 'zod/mini'

/** `S` + two-digit season + `E` + two-digit episode number, such as `S01E11`. */
export const EPISODE_CODE_PATTERN = /^S(\d{2})E(\d{2})$/

// Ids of 0 are accepted: the specification names 0 as an id's value when it is empty, and the explorer reads
// any service that follows it.
export const LocationSchema = z.object({
  id: z.int().check(z.nonnegative()),
  name: z.string(),
  type: z.string(),
  dimension: z.string(),
  residents: z.array(z.string()),
  url: z.string(),
  created: z.string(),
})

export const EpisodeSchema = z.object({
  id: z.int().check(z.nonnegative()),
  name: z.string(),
  air_date: z.string(),
  episode: z.string(),
  characters: z.array(z.string()),
  url: z.string(),
  created: z.string(),
})

export const InfoSchema = z.object({
  count: z.int().check(z.nonnegative()),
  pages: z.int().check(z.nonnegative()),
  next: z.nullable(z.string()),
  prev: z.nullable(z.string()),
})

export function listPageSchema<Item extends z.ZodMiniType>(item: Item) {
  return z.object({ info: InfoSchema, results: z.array(item) })
}

export const LocationPageSchema = listPageSchema(LocationSchema)
export const EpisodePageSchema = listPageSchema(EpisodeSchema)

export const ErrorBodySchema = z.object({ error: z.string() })

export type Location = z.infer<typeof LocationSchema>
export type Episode = z.infer<typeof EpisodeSchema>
export type Info = z.infer<typeof InfoSchema>
export type ListPage<Item> = { info: Info; results: Item[] }

/** Season and episode numbers of a code such as `S02E03`, or null when the code has another form. */
export function parseEpisodeCode(code: string): { season: number; episode: number } | null {
  const match = EPISODE_CODE_PATTERN.exec(code)
  return match ? { season: Number(match[1]), episode: Number(match[2]) } : null
}

/** The character id at the end of a character address (`…/v1/characters/42` gives 42), or null. */
export function characterIdFromUrl(url: string): number | null {
  const match = /\/characters\/(\d+)\/?$/.exec(url)
  return match ? Number(match[1]) : null
}
