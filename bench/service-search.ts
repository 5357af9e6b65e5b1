/**
 * Search answered by the memory store (contract §13): `npm run bench:service -- --search`. On the generator's
 * 100,000 locations and 9,801 episodes, a fixed list of queries made from the catalogue itself (one to three
 * words, accents left out, a typo, a prefix, codes, numbers, broad words and two-letter prefixes), 660 of
 * them, each asked once (no answer cache, nor the search's own memory of recent queries, serves it), one at a
 * time over HTTP: `/v1/search?q=…&limit=8` (the palette's) and `/v1/locations?_search=…` (a list's page 1). Targets:
 * `/v1/search` p95 ≤ 20 ms, `_search` page 1 p95 ≤ 30 ms; broad words and two-letter prefixes in their own
 * rows. Also the search's own memory and build time (bench/search-footprint.ts), and the service's start to
 * its first search and its peak RSS. Writes its table into docs/benchmarks.md (section `service-search`).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { foldSearchText, searchWords } from '../src/catalogue/search-text'
import { currentCommit, publishRun, stampNow, targetTable } from './benchmarks-doc'
import { ensureLargeDataset } from './large-dataset'
import { memoryOf, stopServer } from './processes'
import { getOnce } from './request'
import { authorization, startService } from './servers'
import { ms, percentile } from './timings'

const SEARCH_P95_MS = 20
const LIST_P95_MS = 30

/** A small deterministic sequence, so that a run's queries are the same from one run to the next. */
function sequence(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state % below
  }
}

export type Kind = 'narrow' | 'broad'
export interface Query {
  text: string
  what: string
  kind: Kind
}

/** The fixed list of queries, made from the dataset's names, types and codes. */
export function searchQueries(dataset: {
  locations: { name: string; type: string; residents: number[] }[]
  episodes: { name: string; episode: string }[]
}): Query[] {
  const next = sequence(20_261_207)
  const names = [...dataset.locations, ...dataset.episodes].map((record) => record.name)
  const pick = <T>(values: readonly T[]) => values[next(values.length)] as T
  const wordsOf = (name: string) => name.split(/[\s\p{P}]+/u).filter((word) => word.length > 0)
  const queries: Query[] = []
  const add = (what: string, kind: Kind, make: () => string | null, count: number) => {
    for (let made = 0, tries = 0; made < count && tries < count * 50; tries++) {
      const text = make()
      if (text === null || text.trim() === '' || queries.some((query) => query.text === text)) continue
      queries.push({ text, what, kind })
      made++
    }
  }
  add('one word of a name', 'narrow', () => pick(wordsOf(pick(names))) ?? null, 120)
  add('two words of a name', 'narrow', () => wordsOf(pick(names)).slice(0, 2).join(' '), 90)
  add(
    'three words of a name',
    'narrow',
    () => {
      const words = wordsOf(pick(names))
      return words.length >= 3 ? words.slice(0, 3).join(' ') : null
    },
    60,
  )
  add(
    'a name with accents, typed without them',
    'narrow',
    () => {
      const name = pick(names)
      return foldSearchText(name) !== name.toLowerCase() ? foldSearchText(name) : null
    },
    60,
  )
  add(
    'a word with a typo (a letter replaced)',
    'narrow',
    () => {
      const word = searchWords(pick(names)).find((each) => each.length >= 5)
      if (!word) return null
      const at = 1 + next(word.length - 1)
      return `${word.slice(0, at)}${word[at] === 'x' ? 'y' : 'x'}${word.slice(at + 1)}`
    },
    90,
  )
  add(
    'a prefix of 3 to 5 letters',
    'narrow',
    () => {
      const word = searchWords(pick(names)).find((each) => each.length >= 5)
      return word ? word.slice(0, 3 + next(3)) : null
    },
    90,
  )
  add(
    'an episode code or a season',
    'narrow',
    () => {
      const code = pick(dataset.episodes).episode
      const [season, episode] = [Number(code.slice(1, 3)), Number(code.slice(4, 6))]
      return pick([`s${season}e${episode}`, code, `season ${season}`, `S${season}`])
    },
    60,
  )
  add(
    'a character number',
    'narrow',
    () => {
      const id = pick(pick(dataset.locations).residents)
      return id === undefined ? null : pick([`#${id}`, String(id), `character ${id}`])
    },
    30,
  )
  add(
    'a broad word: a type or a frequent word',
    'broad',
    () => {
      const word = pick([
        pick(dataset.locations).type,
        ...searchWords(pick(names)).filter((w) => w.length >= 4),
      ])
      return word ?? null
    },
    30,
  )
  add('a two-letter prefix', 'broad', () => searchWords(pick(names))[0]?.slice(0, 2) ?? null, 30)
  return queries
}

/** Asks `path` once under a Host never used before, and times the answer. */
export function asker(origin: string, apiKey: string) {
  let host = 0
  return async (path: string): Promise<number> => {
    const headers = { ...authorization(apiKey), host: `search-${++host}.bench.test` }
    const began = performance.now()
    const answer = await getOnce(origin, path, headers)
    const elapsed = performance.now() - began
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`)
    return elapsed
  }
}

export interface MemorySearchOptions {
  root: string
  workDir: string
  apiKey: string
  command: string
}

export const summary = (samples: readonly number[]) =>
  `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, p99 ${ms(percentile(samples, 99))} (${samples.length} answers)`

/** `npm run bench:service -- --search` (see the file's comment). */
export async function benchMemorySearch(options: MemorySearchOptions): Promise<void> {
  const started = new Date()
  const loadBefore = loadavg()[0] as number
  const file = ensureLargeDataset(options.root, options.workDir)
  const dataset = JSON.parse(readFileSync(file, 'utf8'))
  const queries = searchQueries(dataset)
  const footprint = JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(options.root, 'bench/search-footprint.ts'), file],
      { cwd: options.root, encoding: 'utf8', maxBuffer: 1 << 20 },
    )
      .trim()
      .split('\n')
      .at(-1) as string,
  ) as { ms: number; bytes: number }
  const setup = { root: options.root, workDir: options.workDir, label: 'search', apiKey: options.apiKey }
  const began = performance.now()
  const service = await startService(setup, file, '/v1/search?q=a&limit=1')
  const startMs = performance.now() - began
  try {
    const ask = asker(service.origin, options.apiKey)
    const rows = new Map<string, { search: number[]; list: number[]; kind: Kind }>()
    for (const query of queries) {
      const q = encodeURIComponent(query.text)
      const row = rows.get(query.what) ?? { search: [], list: [], kind: query.kind }
      row.search.push(await ask(`/v1/search?q=${q}&limit=8`))
      row.list.push(await ask(`/v1/locations?_search=${q}`))
      rows.set(query.what, row)
    }
    const narrow = [...rows.values()].filter((row) => row.kind === 'narrow')
    const broad = [...rows.values()].filter((row) => row.kind === 'broad')
    const all = (which: 'search' | 'list', of: typeof narrow) => of.flatMap((row) => row[which])
    const memory = memoryOf(service.child.pid as number)
    const lead = targetTable([
      {
        target: `\`/v1/search?limit=8\`, ${all('search', narrow).length} queries, uncached: p95 ≤ ${SEARCH_P95_MS} ms`,
        measured: summary(all('search', narrow)),
        pass: percentile(all('search', narrow), 95) <= SEARCH_P95_MS,
      },
      {
        target: `\`_search\` page 1 of /v1/locations, the same queries: p95 ≤ ${LIST_P95_MS} ms`,
        measured: summary(all('list', narrow)),
        pass: percentile(all('list', narrow), 95) <= LIST_P95_MS,
      },
      {
        target: 'broad words and two-letter prefixes, `/v1/search?limit=8` (reported)',
        measured: summary(all('search', broad)),
        pass: null,
      },
      {
        target: 'broad words and two-letter prefixes, `_search` page 1 (reported)',
        measured: summary(all('list', broad)),
        pass: null,
      },
      ...[...rows].map(([what, row]) => ({
        target: `${what}: \`/v1/search\` · \`_search\``,
        measured: `p95 ${ms(percentile(row.search, 95))} · ${ms(percentile(row.list, 95))}`,
        pass: null,
      })),
      {
        target: 'the search’s own memory and build, 100,000 locations (the service adds at most 60 MB)',
        measured: `${(footprint.bytes / 1024 / 1024).toFixed(1)} MB, built in ${ms(footprint.ms)}`,
        pass: footprint.bytes <= 60 * 1024 * 1024,
      },
      {
        target: 'the service: start to its first search; peak RSS after the run (reported)',
        measured: `${ms(startMs)}; ${memory.peakMb.toFixed(0)} MB`,
        pass: null,
      },
    ])
    const sizes = `The memory store on ${dataset.locations.length.toLocaleString('en')} locations and ${dataset.episodes.length.toLocaleString('en')} episodes; ${queries.length} queries, each asked once, one request at a time over HTTP.`
    publishRun(
      'service-search',
      stampNow(options.command, started, loadBefore, currentCommit(options.root)),
      sizes,
      lead,
    )
  } finally {
    await stopServer(service)
  }
}
