/**
 * Characters, related records and insights answered by the service (contract §13), on either store: each
 * request asked once under a Host of its own (so no cache of the service answers it), one at a time over HTTP,
 * at least 600 of each kind: `/v1/characters/N`, a page 1 of `/v1/characters` sorted by a count (season and
 * ranges varied), a location's related episodes, and the three requests of `/insights` (each with every facet
 * it asks counted within the 200 ms limit: how many were is reported). Used by `npm run bench:service --
 * --store postgres --only characters` (1,000,000 locations) and `npm run bench:service -- --characters` (the
 * memory store, 100,000 locations).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { Dataset } from '../src/catalogue'
import { INSIGHTS_REQUESTS as INSIGHTS_PAGE_REQUESTS } from '../src/catalogue-index/hooks/service-insights'
import { currentCommit, publishRun, stampNow, targetTable } from './benchmarks-doc'
import { ensureLargeDataset } from './large-dataset'
import { memoryOf, stopServer } from './processes'
import { getOnce } from './request'
import { authorization, startService } from './servers'
import { summary } from './service-search'
import { ms, percentile } from './timings'

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

/** The insights page's three requests (docs/api.md): one per collection, every facet the charts read. */
export const INSIGHTS_REQUESTS = Object.values(INSIGHTS_PAGE_REQUESTS)

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
    // node:http, not fetch: fetch does not send the Host that keeps each request out of the answers' caches.
    const began = performance.now()
    const response = await getOnce(origin, path, headers)
    const elapsed = performance.now() - began
    const text = response.body.toString()
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
    return { ms: elapsed, body: JSON.parse(text) as unknown }
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

export interface MemoryCharactersOptions {
  root: string
  workDir: string
  apiKey: string
  command: string
}

/** `npm run bench:service -- --characters`: the memory store on the generator's 100,000 locations. */
export async function benchMemoryCharacters(options: MemoryCharactersOptions): Promise<void> {
  const started = new Date()
  const loadBefore = loadavg()[0] as number
  const file = ensureLargeDataset(options.root, options.workDir)
  const dataset = JSON.parse(readFileSync(file, 'utf8')) as Dataset
  const footprint = JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(options.root, 'bench/characters-footprint.ts'), file],
      { cwd: options.root, encoding: 'utf8', maxBuffer: 1 << 20 },
    )
      .trim()
      .split('\n')
      .at(-1) as string,
  ) as { ms: number; bytes: number; characters: number }
  const setup = { root: options.root, workDir: options.workDir, label: 'characters', apiKey: options.apiKey }
  const service = await startService(setup, file, '/v1/characters')
  try {
    const characters = new Set<number>()
    for (const record of [
      ...dataset.locations.map((l) => l.residents),
      ...dataset.episodes.map((e) => e.characters),
    ])
      for (const id of record) characters.add(id)
    const seasons = [...new Set(dataset.episodes.map((episode) => Number(episode.episode.slice(1, 3))))]
    const rows = await characterRows(
      service.origin,
      options.apiKey,
      {
        characters: [...characters].sort((a, b) => a - b),
        locations: dataset.locations.map((location) => location.id).sort((a, b) => a - b),
        seasons: seasons.sort((a, b) => a - b),
      },
      { character: 30, list: 30, related: 30, insights: 30 },
      'memory store',
    )
    const memory = memoryOf(service.child.pid as number)
    rows.push(
      {
        target: `the characters' own memory and build, ${footprint.characters.toLocaleString('en')} characters (reported)`,
        measured: `${(footprint.bytes / 1024 / 1024).toFixed(1)} MB, built in ${ms(footprint.ms)}`,
        pass: null,
      },
      {
        target: 'the service: peak RSS after the run (reported)',
        measured: `${memory.peakMb.toFixed(0)} MB`,
        pass: null,
      },
    )
    const sizes = `The memory store on ${dataset.locations.length.toLocaleString('en')} locations and ${dataset.episodes.length.toLocaleString('en')} episodes; each request asked once under a Host of its own (uncached), one at a time over HTTP.`
    publishRun(
      'service-characters',
      stampNow(options.command, started, loadBefore, currentCommit(options.root)),
      sizes,
      targetTable(rows),
    )
  } finally {
    await stopServer(service)
  }
}
