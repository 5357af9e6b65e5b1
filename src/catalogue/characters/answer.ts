import { z } from 'zod/mini'
import type { ApiRecord } from '../collection.ts'
import { COLLECTIONS } from '../collections.ts'
import { type BinsFacetBody, BinsFacetSchema } from '../views/answer.ts'

/*
 * The answers of the characters extension (contract §13), as a service writes them and the explorer reads
 * them. Counts and records are keyed by collection name (`locations`, `episodes`).
 */

const count = () => z.int().check(z.nonnegative())
const id = () => z.int().check(z.positive())

const InfoSchema = z.object({
  count: count(),
  pages: count(),
  next: z.nullable(z.string()),
  prev: z.nullable(z.string()),
})

/** A row of `GET /v1/characters`: the character, its address, and per collection how many records name it. */
export const CharacterRowSchema = z.object({
  id: id(),
  url: z.string(),
  ...Object.fromEntries(COLLECTIONS.map((collection) => [collection.name, count()])),
})
export type CharacterRowBody = { id: number; url: string } & Record<string, number | string>

/** `_facet=season`: every season of the catalogue, in order, each with its characters (`value` as `season=`). */
export const SeasonFacetSchema = z.object({
  values: z.array(z.object({ value: z.string(), count: count() })),
  truncated: z.boolean(),
  counted: z.boolean(),
})
export type SeasonFacetBody = z.infer<typeof SeasonFacetSchema>

export const CharacterListSchema = z.object({
  info: InfoSchema,
  results: z.array(CharacterRowSchema),
  facets: z.optional(
    z.object({
      season: z.optional(SeasonFacetSchema),
      ...Object.fromEntries(COLLECTIONS.map((collection) => [collection.name, z.optional(BinsFacetSchema)])),
    }),
  ),
})
export type CharacterListBody = {
  info: z.infer<typeof InfoSchema>
  results: CharacterRowBody[]
  facets?: Record<string, SeasonFacetBody | BinsFacetBody>
}

/** The first or last appearance of a character: the record's address and its air date as written. */
export const AppearanceSchema = z.object({ url: z.string(), air_date: z.string() })
export type AppearanceBody = z.infer<typeof AppearanceSchema>

/** A collection's records naming a character. */
export type LinkedRecordsBody = { count: number; results: ApiRecord[] }

/** `GET /v1/characters/{ids}`: a character, per collection its records (episodes in air order), and more. */
export const CharacterSchema = z.object({
  id: id(),
  url: z.string(),
  ...Object.fromEntries(
    COLLECTIONS.map((collection) => [
      collection.name,
      z.object({ count: count(), results: z.array(collection.record) }),
    ]),
  ),
  first: z.nullable(AppearanceSchema),
  last: z.nullable(AppearanceSchema),
  seasons: z.array(count()),
})
export type CharacterBody = {
  id: number
  url: string
  first: AppearanceBody | null
  last: AppearanceBody | null
  seasons: number[]
} & { [collection: string]: LinkedRecordsBody | AppearanceBody | number[] | number | string | null }

/** A page of a record's related records in `collection`: most shared first, each with how many it shares. */
export const relatedPageSchema = (collection: (typeof COLLECTIONS)[number]) =>
  z.object({
    info: InfoSchema,
    results: z.array(z.object({ shared: count(), record: collection.record })),
  })
export type RelatedListBody = {
  info: z.infer<typeof InfoSchema>
  results: { shared: number; record: ApiRecord }[]
}
