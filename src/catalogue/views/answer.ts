import { z } from 'zod/mini'
import type { Info } from '../collection'
import { SORT_COLLATOR } from '../columns.ts'
import type { FacetCounts } from './view'

/*
 * What a service that answers views adds to a list's answer (contract §12): `info.view`, the view it applied
 * (its parameters as `next` and `prev` hold them), and with `_facet`, a `facets` key after `results`.
 */

/** One facet's values in an answer: counted (with counts), or not counted in time (the chosen values alone). */
export const FacetBodySchema = z.object({
  values: z.array(z.object({ value: z.string(), count: z.optional(z.int().check(z.nonnegative())) })),
  /** Some values are not listed (beyond `_facet_size`, or not counted). */
  truncated: z.boolean(),
  /** False: counting exceeded its time limit; `values` then holds the chosen values, without counts. */
  counted: z.boolean(),
})
export type FacetBody = z.infer<typeof FacetBodySchema>

export const FacetsBodySchema = z.record(z.string(), FacetBodySchema)
export type FacetsBody = z.infer<typeof FacetsBodySchema>

/** `info` of an answer to a view: the specification's, and the view applied. */
export type ViewInfo = Info & { view?: string }

/** A list's answer to a view, as it is written: `info` (with `view`), `results`, then `facets` when asked. */
export type ViewPageBody<R> = { info: ViewInfo; results: R[]; facets?: FacetsBody }

/** The schema of a list's answer that may hold a view's echo and facets (the page of a service's views). */
export function viewPageSchema<R>(record: z.ZodMiniType<R>) {
  return z.object({
    info: z.object({
      count: z.int().check(z.nonnegative()),
      pages: z.int().check(z.nonnegative()),
      next: z.nullable(z.string()),
      prev: z.nullable(z.string()),
      view: z.optional(z.string()),
    }),
    results: z.array(record),
    facets: z.optional(FacetsBodySchema),
  })
}

/**
 * A facet's counts as an answer lists them: the first `size` values (most frequent first, then by the
 * collator), and every chosen value wherever it falls. Not counted: the chosen values alone.
 */
export function facetBodyOf(
  counts: FacetCounts | undefined,
  chosen: readonly string[],
  counted: boolean,
  size: number,
): FacetBody {
  if (!counted || !counts) {
    const values = [...chosen].sort((a, b) => SORT_COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))
    return { values: values.map((value) => ({ value })), truncated: true, counted: false }
  }
  const listed = counts.values.filter((entry, index) => index < size || entry.chosen)
  return {
    values: listed.map(({ value, count }) => (count === null ? { value } : { value, count })),
    truncated: listed.length < counts.values.length,
    counted: true,
  }
}

/** An answer's facets as the explorer's facet panel reads them (see FacetCounts), named by the collection. */
export function facetCountsOf(
  body: FacetsBody,
  facets: readonly { name: string; label: string }[],
  chosen: { readonly [facet: string]: readonly string[] },
): FacetCounts[] {
  return facets.flatMap((facet) => {
    const answer = body[facet.name]
    if (!answer) return []
    const picked = chosen[facet.name] ?? []
    return [
      {
        name: facet.name,
        label: facet.label,
        values: answer.values.map(({ value, count }) => ({
          value,
          count: count ?? null,
          chosen: picked.includes(value),
        })),
        counted: answer.counted,
        truncated: answer.truncated,
      },
    ]
  })
}
