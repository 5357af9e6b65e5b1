import { type QueryKey, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import type { CatalogueClient } from '../../api/client'
import { episodes, locations } from '../../catalogue'
import { CharacterListSchema } from '../../catalogue/characters/answer'
import { CHARACTERS_PATH } from '../../catalogue/characters/parameters'
import {
  type BinsFacetBody,
  BinsFacetSchema,
  type DateFacetBody,
  DateFacetSchema,
  type FacetBody,
  FacetBodySchema,
  ViewFacetsBodySchema,
} from '../../catalogue/views/answer'
import { STALE_TIME } from '../../lib/page/collection-queries'
import { exactValuePath } from '../../lib/view-link'
import type { Bar, Insights } from '../protocol/insights'
import type { InsightsAnswer } from '../protocol/worker-api'
import { binBars, seasonBars, topBars, yearBars } from '../worker/aggregate'

/** The commonest types and dimensions a chart shows; the rest are "Other". */
const TOP_VALUES = 15

/**
 * The insights page's requests of a service that answers characters and the insights' facets (contract §13):
 * one per collection, with every facet its charts read.
 */
export const INSIGHTS_REQUESTS = {
  episodes: `${episodes.listPath}?_facet=season&_facet_size=1000&_facet_date=air_date`,
  locations: `${locations.listPath}?_facet=type&_facet=dimension&_facet_size=${TOP_VALUES}&_facet_bins=residents`,
  characters: `${CHARACTERS_PATH}?_facet_bins=episodes`,
} as const

/** A list's answer as the insights read it: its count and its facets (the rows are not read). */
const CountedSchema = z.object({
  info: z.object({ count: z.int() }),
  facets: z.optional(ViewFacetsBodySchema),
})

/** A facet's body when it was counted in time; null otherwise (the chart then says so). */
function counted<T extends { counted: boolean }>(schema: z.ZodMiniType<T>, body: unknown): T | null {
  const read = schema.safeParse(body)
  return read.success && read.data.counted ? read.data : null
}

const seasonsOf = (facet: FacetBody) =>
  seasonBars(new Map(facet.values.map(({ value, count = 0 }) => [value, count])))

function yearsOf(facet: DateFacetBody): Bar[] {
  const years = new Map<number, number>()
  let unknown = 0
  for (const { value, count } of facet.values) {
    if (value === '') unknown += count
    else years.set(Number(value), count)
  }
  return yearBars(years, unknown)
}

/** The commonest values, and the rest (of `total` records) as "Other". */
function topOf(facet: FacetBody, total: number, field: 'type' | 'dimension'): Bar[] {
  const top = facet.values.map(({ value, count = 0 }) => [value, count] as const)
  const shown = top.reduce((sum, [, count]) => sum + count, 0)
  return topBars(top, total - shown, (value) => exactValuePath(locations, field, value))
}

const binsOf = (facet: BinsFacetBody) =>
  binBars(facet.bins.map(({ from, to, count }) => ({ bin: [from, to] as const, count })))

const chart = <T>(facet: T | null, bars: (facet: T) => Bar[]): Bar[] | null =>
  facet === null ? null : bars(facet)

/** The six charts from the service's three answers; a chart whose facet was not counted in time is null. */
export async function insightsOnService(
  client: CatalogueClient,
  signal?: AbortSignal,
): Promise<InsightsAnswer> {
  const started = performance.now()
  const episodesAsked = client.read(INSIGHTS_REQUESTS.episodes, CountedSchema, signal)
  const locationsAsked = client.read(INSIGHTS_REQUESTS.locations, CountedSchema, signal)
  // Two at once, as a client's uncached views are counted (contract §12: a third would be refused meanwhile).
  const charactersAsked = Promise.race([episodesAsked, locationsAsked])
    .catch(() => undefined)
    .then(() => client.read(INSIGHTS_REQUESTS.characters, CharacterListSchema, signal))
  const [episodeList, locationList, characterList] = await Promise.all([
    episodesAsked,
    locationsAsked,
    charactersAsked,
  ])
  const facetOf = (answer: { facets?: Record<string, unknown> }, name: string) => answer.facets?.[name]
  const insights: Insights = {
    seasons: chart(counted(FacetBodySchema, facetOf(episodeList, 'season')), seasonsOf),
    years: chart(counted(DateFacetSchema, facetOf(episodeList, 'air_date')), yearsOf),
    types: chart(counted(FacetBodySchema, facetOf(locationList, 'type')), (facet) =>
      topOf(facet, locationList.info.count, 'type'),
    ),
    dimensions: chart(counted(FacetBodySchema, facetOf(locationList, 'dimension')), (facet) =>
      topOf(facet, locationList.info.count, 'dimension'),
    ),
    residents: chart(counted(BinsFacetSchema, facetOf(locationList, 'residents')), binsOf),
    characters: chart(counted(BinsFacetSchema, facetOf(characterList, 'episodes')), binsOf),
  }
  return {
    insights,
    records: { episodes: episodeList.info.count, locations: locationList.info.count },
    elapsedMs: performance.now() - started,
    ...(Object.values(insights).includes(null) ? { uncounted: true as const } : {}),
  }
}

const insightsKey = (client: CatalogueClient): QueryKey => ['service-insights', client.service]

export const serviceInsightsQuery = (client: CatalogueClient) =>
  queryOptions({
    queryKey: insightsKey(client),
    queryFn: ({ signal }) => insightsOnService(client, signal),
    staleTime: STALE_TIME,
  })
