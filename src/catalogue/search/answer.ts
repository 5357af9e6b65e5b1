import { z } from 'zod/mini'
import { COLLECTIONS } from '../collections.ts'
import { FacetsBodySchema } from '../views/answer.ts'
import { SEARCH_GROUPS } from './parameters.ts'

/*
 * What `GET /v1/search` answers (contract §13): each result names its group in `collection`; a page of the
 * ranked list has §4's `info`, the palette's answer its groups.
 */

const count = () => z.int().check(z.nonnegative())

/*
 * One of a few words, as a pattern: `z.literal` and `z.enum` would add their code to the first page's chunk
 * (zod lives there, and a lazy chunk's use of them is exported from it), which has no room for it.
 */
const oneOf = <const W extends readonly string[]>(...words: W) =>
  z.string().check(z.regex(new RegExp(`^(?:${words.join('|')})$`))) as unknown as z.ZodMiniType<W[number]>

export const SearchResultSchema = z.union([
  ...COLLECTIONS.map((collection) =>
    z.object({
      collection: oneOf(collection.name as 'locations' | 'episodes'),
      record: collection.record,
    }),
  ),
  z.object({
    collection: oneOf('values'),
    /** The collection whose list the value filters. */
    of: z.string(),
    field: z.string(),
    value: z.string(),
    count: count(),
    /** The list of the records holding it (`/v1/locations?type__exact=Planet`). */
    url: z.string(),
  }),
  z.object({ collection: oneOf('characters'), id: z.int().check(z.positive()), url: z.string() }),
])
export type SearchResult = z.infer<typeof SearchResultSchema>

export const SearchPageSchema = z.object({
  info: z.object({
    count: count(),
    pages: count(),
    next: z.nullable(z.string()),
    prev: z.nullable(z.string()),
  }),
  results: z.array(SearchResultSchema),
  facets: z.optional(FacetsBodySchema),
})
export type SearchPageBody = z.infer<typeof SearchPageSchema>

export const SearchGroupsSchema = z.object({
  groups: z.array(
    z.object({
      collection: oneOf(...SEARCH_GROUPS),
      /** How many results the group holds in all. */
      total: count(),
      /** False: the total was not counted in time (then a lower bound). */
      counted: z.boolean(),
      results: z.array(SearchResultSchema),
    }),
  ),
})
export type SearchGroupsBody = z.infer<typeof SearchGroupsSchema>
