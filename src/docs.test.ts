import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BENCHMARKS_DOC, historyHeading, replaceLatest } from '../bench/benchmarks-doc'
import { readConfig } from '../server/config'
import { readOperationsConfig } from '../server/operations/config'
import { readDatabaseConfig } from '../server/postgres/config'
import { AUTO_INDEX_MAX_PAGES } from './catalogue-index/protocol/worker-api'

/** The docs stay true: the architecture's map names every folder, and the benches write their own tables. */
const ROOT = join(import.meta.dirname, '..')

/** The code block under "## Project layout" in docs/architecture.md. */
function projectLayout(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8')
  const section = doc.split(/^## /m).find((part) => part.startsWith('Project layout'))
  const block = section?.split('```')[1]
  if (block === undefined) throw new Error('docs/architecture.md has no code block under "## Project layout"')
  return block
}

const foldersOf = (top: string) =>
  readdirSync(join(ROOT, top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => `${top}/${entry.name}/`)

describe("docs/architecture.md's project layout", () => {
  it('names every top-level folder of src/ and server/ at the start of a line, with what it holds', () => {
    const lines = projectLayout().split('\n')
    const folders = [...foldersOf('src'), ...foldersOf('server')]
    expect(folders.length).toBeGreaterThan(10)
    const missing = folders.filter(
      (folder) => !lines.some((line) => line.startsWith(folder) && line.slice(folder.length).trim() !== ''),
    )
    expect(missing, 'folders missing from the layout of docs/architecture.md').toEqual([])
  })
})

const LATEST_START = '<!-- bench:service:start (written by the command below; do not edit by hand) -->'
const doc = (latest: string, history: string) =>
  [
    '## Service',
    '',
    LATEST_START,
    latest,
    '<!-- bench:service:end -->',
    '',
    'How it is measured.',
    '',
    '### History',
    '',
    '<!-- bench:service:history -->',
    history,
    '## Bundle size',
    '',
  ].join('\n')

describe("docs/benchmarks.md's latest tables (bench/benchmarks-doc.ts)", () => {
  const older = '#### 2026-11-22 10:00 UTC, `105f274`\n\nMeasured 2026-11-22 10:00 UTC at `105f274` by x.\n'
  const previous =
    'Measured 2026-11-23 22:17 UTC at `cf0a8ab` by `npm run bench:service`.\n\n| a |\n| --- |\n| 1 |'
  const next =
    'Measured 2026-11-26 08:00 UTC at `1234abc` by `npm run bench:service`.\n\n| a |\n| --- |\n| 2 |'

  it('replaces the table between the markers and moves the one it replaces to the top of the history', () => {
    const written = replaceLatest(doc(previous, `\n${older}`), 'service', next)
    expect(written).toBe(doc(next, `\n#### 2026-11-23 22:17 UTC, \`cf0a8ab\`\n\n${previous}\n\n${older}`))
  })

  it('leaves the other sections and their markers alone', () => {
    const written = replaceLatest(doc(previous, ''), 'service', next)
    expect(written.startsWith(`## Service\n\n${LATEST_START}\n${next}\n<!-- bench:service:end -->`)).toBe(
      true,
    )
    expect(written.endsWith('## Bundle size\n')).toBe(true)
    expect(() => replaceLatest(written, 'search', next)).toThrow('<!-- bench:search:start')
  })

  it('moves nothing when there was no table yet', () => {
    const written = replaceLatest(doc('', '\n'), 'service', next)
    expect(written).toBe(doc(next, '\n'))
  })

  it('heads a moved table with its date, time and commit', () => {
    expect(historyHeading(previous)).toBe('#### 2026-11-23 22:17 UTC, `cf0a8ab`')
    expect(historyHeading('Measured 2026-11-23 19:44 UTC at commit `f9512c3` by `npm run bench:app`')).toBe(
      '#### 2026-11-23 19:44 UTC, `f9512c3`',
    )
  })
})

describe('docs/benchmarks.md', () => {
  const benchmarks = readFileSync(BENCHMARKS_DOC, 'utf8')
  const run = 'Measured 2026-11-26 08:00 UTC at `1234abc` by `a bench`.\n\n| a |\n| --- |\n| 2 |'

  // A bench runs for minutes to an hour before it writes: a section whose markers were edited away would lose it.
  for (const section of [
    'service',
    'postgres',
    'service-views',
    'bundle',
    'app',
    'index',
    'search',
    'warm',
    'data-view',
    'data-tool',
    'data-tool-views',
  ]) {
    it(`holds the ${section} section's latest table, dated and with its commit, where its command writes`, () => {
      const latest = benchmarks
        .split(`<!-- bench:${section}:start`)[1]
        ?.split(`<!-- bench:${section}:end -->`)[0]
      expect(historyHeading(latest ?? '')).toMatch(/^#### \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, `[0-9a-f]{7}/)
      const written = replaceLatest(benchmarks, section, run)
      expect(written).toContain(`${run}\n<!-- bench:${section}:end -->`)
      expect(written).toContain(`<!-- bench:${section}:history -->\n\n${historyHeading(latest ?? '')}`)
    })
  }
})

/** The variables a reader of the environment asks for, seen by handing it an environment that notes each read. */
function variablesRead(read: (environment: NodeJS.ProcessEnv) => unknown): string[] {
  const seen = new Set<string>()
  const environment = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_, name) => {
      if (typeof name === 'string') seen.add(name)
      return undefined
    },
  })
  read(environment)
  return [...seen]
}

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const section = (heading: string) => readme.split(/^## /m).find((part) => part.startsWith(heading)) ?? ''

  it("names every variable the service reads in its configuration table, with the dataset's size limit beside CATALOGUE_DATA", () => {
    const table = section('Configuration')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => /^\| `([A-Z_]+)`/.exec(line)?.[1])
    const variables = [
      ...variablesRead((environment) => readConfig(environment)),
      ...variablesRead(readOperationsConfig),
      ...variablesRead(readDatabaseConfig),
    ]
    expect(variables).toContain('PORT')
    expect(variables.filter((variable) => !table.includes(variable))).toEqual([])
    expect(table[table.indexOf('CATALOGUE_DATA') + 1]).toBe('CATALOGUE_DATA_MAX_MB')
  })

  it('shows the port beside the two commands', () => {
    expect(section('Two commands')).toMatch(/^PORT=\d+ npm start$/m)
  })

  it('gives the generator a full example: locations, episodes and the file, and how to serve it', () => {
    expect(readme).toMatch(
      /npm run generate:data -- --locations \d+ --episodes \d+ --out (\S+)[\s\S]*CATALOGUE_DATA=\1 npm start/,
    )
  })

  it('says which parts of a list need the catalogue index, from how many pages (the code’s threshold)', () => {
    const index = section('The catalogue index')
    expect(index).toContain(`more than ${AUTO_INDEX_MAX_PAGES} pages`)
    for (const feature of ['sort', 'facets', 'ranges', 'characters', 'insights', 'export', 'search'])
      expect(index).toContain(feature)
    expect(index).toContain('benchmarks.md#catalogue-index')
  })
})

describe('docs/', () => {
  it('describes what ships: no page speaks of work that is on another branch or not on main yet', () => {
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'))
    const stale = pages.filter((name) =>
      /not on `?main`?|\(branch `|## Not done yet/.test(readFileSync(join(ROOT, 'docs', name), 'utf8')),
    )
    expect(stale).toEqual([])
  })
})

/** The project's pages of prose: the README and docs/ (benchmarks.md aside: its history repeats its tables by design). */
function prosePages(): { name: string; text: string }[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'benchmarks.md')
    .map((name) => `docs/${name}`)
  return ['README.md', ...docs].map((name) => ({ name, text: readFileSync(join(ROOT, name), 'utf8') }))
}

/** A page's prose without its code blocks and tables, white space made single. */
function proseOf(text: string): string {
  return text
    .split(/^```[^\n]*\n[\s\S]*?^```$/m)
    .join('\n')
    .split('\n')
    .filter((line) => !line.startsWith('|'))
    .join('\n')
    .replace(/\s+/g, ' ')
}

describe('docs/ say each thing once', () => {
  it('never has one heading twice in a page', () => {
    const twice = prosePages().flatMap(({ name, text }) => {
      const headings = text
        .split(/^```[^\n]*\n[\s\S]*?^```$/m)
        .join('\n')
        .split('\n')
        .filter((line) => /^#{1,6} /.test(line))
      return headings
        .filter((heading, index) => headings.indexOf(heading) !== index)
        .map((h) => `${name}: ${h}`)
    })
    expect(twice).toEqual([])
  })

  it('never writes the same 200 characters of prose twice in a page', () => {
    const RUN = 200
    const repeated = prosePages().flatMap(({ name, text }) => {
      const prose = proseOf(text)
      const seen = new Map<string, number>()
      const found: string[] = []
      for (let at = 0; at + RUN <= prose.length; at += 1) {
        const run = prose.slice(at, at + RUN)
        const first = seen.get(run)
        if (first === undefined) seen.set(run, at)
        else if (at - first >= RUN) {
          found.push(`${name}: “${run.slice(0, 80)}…”`)
          at += RUN
        }
      }
      return found
    })
    expect(repeated).toEqual([])
  })

  it('names only end-to-end specs that exist', () => {
    const missing = prosePages().flatMap(({ name, text }) =>
      [...text.matchAll(/\be2e\/[\w/.-]+\.spec\.ts\b/g)]
        .map(([path]) => path)
        .filter((path) => {
          try {
            readFileSync(join(ROOT, path))
            return false
          } catch {
            return true
          }
        })
        .map((path) => `${name}: ${path}`),
    )
    expect(missing).toEqual([])
  })
})

/** Every TypeScript file under a folder (tests and fixtures aside). */
function sourcesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|fixture)\.tsx?$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length + 1))
}

/** Comments that may quote a figure: where the figure is the rule itself, not a measurement. */
const FIGURES_ALLOWED = new Set<string>([
  // Sizes as the status writes them ("450 MB", "1.2 GB"): examples of its wording.
  'src/catalogue-index/components/describe.ts',
])

describe('comments keep the why', () => {
  it('quote no measurement (a figure in ms or MB): figures live in docs/benchmarks.md and docs/decisions.md', () => {
    const quoting = [...sourcesUnder('server'), ...sourcesUnder('src')].flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      const comments = [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map(([comment]) => comment)
      return comments
        .filter((comment) => /\b\d[\d,.]*\s?(ms|MB)\b/.test(comment))
        .map((comment) => `${file}: ${/\b\d[\d,.]*\s?(ms|MB)\b[^\n]*/.exec(comment)?.[0].slice(0, 80)}`)
        .filter((found) => !FIGURES_ALLOWED.has(found.split(':')[0] as string))
    })
    expect(quoting).toEqual([])
  })
})
