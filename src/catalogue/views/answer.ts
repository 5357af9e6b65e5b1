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

const count = () => z.int().check(z.nonnegative())

/** `_facet_bins=<count>` (contract §13): the bins in order, `to` null for the open last one; none when not counted. */
export const BinsFacetSchema = z.object({
  bins: z.array(z.object({ from: count(), to: z.nullable(count()), count: count() })),
  counted: z.boolean(),
})
export type BinsFacetBody = z.infer<typeof BinsFacetSchema>

/**
 * `_facet_date=<date column>` (contract §13): each UTC period (`2013`, or `2013-12` by month) with its records,
 * in order; `""` for records without a date; none when not counted.
 */
export const DateFacetSchema = z.object({
  unit: z.string(),
  values: z.array(z.object({ value: z.string(), count: count() })),
  counted: z.boolean(),
})
export type DateFacetBody = z.infer<typeof DateFacetSchema>

export const FacetsBodySchema = z.record(z.string(), FacetBodySchema)
export type FacetsBody = z.infer<typeof FacetsBodySchema>

/** A view's `facets`: each facet's values, and the insights' bins and dates by column. */
export const ViewFacetsBodySchema = z.record(
  z.string(),
  z.union([FacetBodySchema, BinsFacetSchema, DateFacetSchema]),
)
export type ViewFacetsBody = z.infer<typeof ViewFacetsBodySchema>

/** Whether a facet of an answer is a facet's values (not bins, not dates). */
export const isValuesFacet = (body: ViewFacetsBody[string] | undefined): body is FacetBody =>
  body !== undefined && 'truncated' in body

/** `info` of an answer to a view: the specification's, and the view applied. */
export type ViewInfo = Info & { view?: string }

/** A list's answer to a view, as it is written: `info` (with `view`), `results`, then `facets` when asked. */
export type ViewPageBody<R> = { info: ViewInfo; results: R[]; facets?: ViewFacetsBody }

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
    facets: z.optional(ViewFacetsBodySchema),
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
  body: ViewFacetsBody,
  facets: readonly { name: string; label: string }[],
  chosen: { readonly [facet: string]: readonly string[] },
): FacetCounts[] {
  return facets.flatMap((facet) => {
    const answer = body[facet.name]
    if (!isValuesFacet(answer)) return []
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
