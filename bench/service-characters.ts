/**
 * Characters, related records and insights answered by the service (contract §13), on either store: each
 * request asked once under a Host of its own (so no cache of the service answers it), one at a time over HTTP,
 * at least 600 of each kind: `/v1/characters/N`, a page 1 of `/v1/characters` sorted by a count (season and
 * ranges varied), a location's related episodes, and the three requests of `/insights` (each with every facet
 * it asks counted within the 200 ms limit: how many were is reported). Used by `npm run bench:service --
 * --store postgres --only characters` (1,000,000 locations) and `npm run bench:service -- --characters` (the
 * memory store, 100,000 locations).
 */
import { authorization } from './servers'
import { percentile } from './timings'

const SAMPLES = 600

/** What the rows ask about: characters, locations and seasons of the catalogue served. */
export interface CharacterCatalogue {
  characters: readonly number[]
  locations: readonly number[]
  seasons: readonly number[]
}

export interface CharacterTargets {
  /** p95 of `/v1/characters/N`, ms. */
  character: number
  /** p95 of a page 1 of the list sorted by a count, ms. */
  list: number
  /** p95 of a location's related episodes, page 1, ms. */
  related: number
  /** p50 of each insights request, ms (its facets counted within the 200 ms limit). */
  insights: number
}

type TargetRow = { target: string; measured: string; pass: boolean | null }

const ms = (value: number) => `${value.toFixed(1)} ms`
const summary = (samples: readonly number[]) =>
  `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, p99 ${ms(percentile(samples, 99))} (${samples.length} answers)`

/** The insights page's three requests (docs/api.md): one per collection, every facet the charts read. */
export const INSIGHTS_REQUESTS = [
  '/v1/episodes/?_facet=season&_facet_size=1000&_facet_date=air_date',
  '/v1/locations?_facet=type&_facet=dimension&_facet_size=15&_facet_bins=residents',
  '/v1/characters?_facet_bins=episodes',
] as const

/** Every n-th of `values`, `count` of them, spread over the whole list. */
function spread<T>(values: readonly T[], count: number): T[] {
  if (values.length === 0) return []
  return Array.from({ length: count }, (_, at) => values[Math.floor((at * values.length) / count)] as T)
}

export async function characterRows(
  origin: string,
  apiKey: string,
  catalogue: CharacterCatalogue,
  targets: CharacterTargets,
  label: string,
): Promise<TargetRow[]> {
  let host = 0
  const ask = async (path: string): Promise<{ ms: number; body: unknown }> => {
    const headers = { ...authorization(apiKey), host: `characters-${++host}.bench.test` }
    const began = performance.now()
    const response = await fetch(`${origin}${path}`, { headers: { ...headers } })
    const body = await response.json()
    const elapsed = performance.now() - began
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`)
    return { ms: elapsed, body }
  }
  const character: number[] = []
  for (const id of spread(catalogue.characters, SAMPLES))
    character.push((await ask(`/v1/characters/${id}`)).ms)
  const list: number[] = []
  const sorts = ['_sort_desc=episodes', '_sort_desc=locations', '_sort=episodes', '_sort=locations']
  for (let at = 0; at < SAMPLES; at++) {
    const season = catalogue.seasons[at % (catalogue.seasons.length + 1)]
    const query = [
      sorts[at % sorts.length],
      season === undefined ? '' : `season=${season}`,
      at % 3 === 0 ? `episodes__gte=${at % 5}` : '',
      at % 7 === 0 ? `locations__lte=${10 + (at % 20)}` : '',
    ].filter((part) => part !== '')
    list.push((await ask(`/v1/characters?${query.join('&')}`)).ms)
  }
  const related: number[] = []
  for (const id of spread(catalogue.locations, SAMPLES))
    related.push((await ask(`/v1/locations/${id}/episodes`)).ms)
  const insights = INSIGHTS_REQUESTS.map(() => ({ samples: [] as number[], counted: 0 }))
  for (let round = 0; round < SAMPLES; round++) {
    for (const [at, path] of INSIGHTS_REQUESTS.entries()) {
      const { ms: elapsed, body } = await ask(path)
      const facets = Object.values((body as { facets?: Record<string, { counted: boolean }> }).facets ?? {})
      const row = insights[at] as { samples: number[]; counted: number }
      row.samples.push(elapsed)
      if (facets.length > 0 && facets.every((facet) => facet.counted)) row.counted += 1
    }
  }
  return [
    {
      target: `${label} \`/v1/characters/N\`, ${character.length} characters: p95 ≤ ${targets.character} ms`,
      measured: summary(character),
      pass: percentile(character, 95) <= targets.character,
    },
    {
      target: `${label} \`/v1/characters\` page 1 sorted by a count (season, ranges varied): p95 ≤ ${targets.list} ms`,
      measured: summary(list),
      pass: percentile(list, 95) <= targets.list,
    },
    {
      target: `${label} a location's related episodes, page 1: p95 ≤ ${targets.related} ms`,
      measured: summary(related),
      pass: percentile(related, 95) <= targets.related,
    },
    ...INSIGHTS_REQUESTS.map((path, at) => {
      const row = insights[at] as { samples: number[]; counted: number }
      return {
        target: `${label} \`/insights\` request \`${path}\`, every facet counted within 200 ms: p50 ≤ ${targets.insights} ms`,
        measured: `${summary(row.samples)}; every facet counted in ${row.counted} of ${row.samples.length}`,
        pass: percentile(row.samples, 50) <= targets.insights && row.counted * 2 >= row.samples.length,
      }
    }),
  ]
}
