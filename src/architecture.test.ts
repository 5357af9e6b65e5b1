import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * The import boundaries are lint rules (biome.json): a module placed in a folder and importing what that
 * folder may not import makes the lint fail. Each case is a small module written into a folder; all of them
 * are linted in one run of Biome before the tests (a run takes seconds on a loaded machine, one per case took a
 * minute), each case reads the rules its own module broke, and the modules are removed.
 */
const ROOT = dirname(import.meta.dirname)
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome')
const run = promisify(execFile)

// The cases of the whole project start `npm run lint`, which takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 })

/** A module written into a folder for one case, by its path from the project's root. */
interface Probe {
  path: string
  source: string
}
const probes: Probe[] = []
/** The rules each probe broke, by its path (none: it passed). */
let broken = new Map<string, string[]>()

/** A module of `source` in `folder`, linted with every other before the tests (so: made while they are collected). */
function probeAt(folder: string, source: string): Probe {
  const probe = { path: `${folder}/boundary-probe-${process.pid}-${probes.length}.ts`, source }
  probes.push(probe)
  return probe
}

const rulesOf = (probe: Probe) => broken.get(probe.path) ?? []

/**
 * The output's diagnostics, by file: Biome heads each with `path[:line:column] category ━━━`. Every category
 * counts (a probe that does not parse, or is not formatted, is no case passed); a lint rule is named without
 * its `lint/`.
 */
function diagnosticsOf(output: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const [, path = '', category = ''] of output.matchAll(/^(\S+?)(?::\d+:\d+)? ([\w/]+) ━/gm)) {
    const name = category.replace(/^lint\//, '')
    const known = found.get(path) ?? []
    if (!known.includes(name)) found.set(path, [...known, name])
  }
  return found
}

beforeAll(async () => {
  for (const { path, source } of probes) writeFileSync(join(ROOT, path), source)
  let output: string
  try {
    const { stdout, stderr } = await run(
      BIOME,
      ['check', '--max-diagnostics=none', ...probes.map(({ path }) => path)],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    )
    output = `${stdout}${stderr}`
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    output = `${stdout}${stderr}`
  } finally {
    for (const { path } of probes) rmSync(join(ROOT, path), { force: true })
  }
  // Every probe was linted (none ignored by the project's settings), whatever it broke.
  expect(output, output).toContain(`Checked ${probes.length} files`)
  broken = diagnosticsOf(output)
}, 120_000)

/** Modules written for a case of their own (a lint of the whole project), removed after it. */
const written: string[] = []
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true })
})

/**
 * Writes `files` (name and source) into `folder` and lints the whole project (`npm run lint`): returns the
 * rules it broke. What only the whole project shows (a cycle of the module graph, the command's own result).
 */
async function lintWhole(folder: string, files: [string, string][]): Promise<string[]> {
  for (const [name, source] of files) {
    const file = join(ROOT, folder, `${name}.ts`)
    written.push(file)
    writeFileSync(file, source)
  }
  try {
    await run('npm', ['run', 'lint'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 })
    return []
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return [...new Set([...diagnosticsOf(`${stdout}${stderr}`).values()].flat())]
  }
}

const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}'\n\nexport const probe = ${name}\n`
const DOM_GLOBAL = 'export const probe = () => document.title\n'
const RESTRICTED = ['style/noRestrictedImports']

/** Cases of one folder, each a module importing `from`, with the probe linted for it. */
const importsOf = (rows: [folder: string, from: string][]) =>
  rows.map(([folder, from]) => [folder, from, probeAt(folder, importing('anything', from))] as const)

/** Cases of folders that may not import a module: each refused by the import wall. */
const refusesEach = (title: string, rows: [folder: string, from: string][]) =>
  it.each(importsOf(rows))(title, (_folder, _from, probe) => {
    expect(rulesOf(probe)).toEqual(RESTRICTED)
  })

/** Cases of folders that may import a module: each passes the lint. */
const allowsEach = (title: string, rows: [folder: string, from: string][]) =>
  it.each(importsOf(rows))(title, (_folder, _from, probe) => {
    expect(rulesOf(probe)).toEqual([])
  })

describe('the contract module (src/catalogue)', () => {
  it.each([
    ['React', probeAt('src/catalogue', importing('useState', 'react'))],
    ['the router', probeAt('src/catalogue', importing('Link', 'react-router-dom'))],
    ['the query library', probeAt('src/catalogue', importing('queryOptions', '@tanstack/react-query'))],
    ['the client', probeAt('src/catalogue', importing('createClient', '../api/client'))],
    ['the service', probeAt('src/catalogue', importing('buildApp', '../../server/app'))],
  ])('imports nothing from %s', (_, probe) => {
    expect(rulesOf(probe)).toEqual(RESTRICTED)
  })

  const node = probeAt('src/catalogue', importing('readFileSync', 'node:fs'))
  const dom = probeAt('src/catalogue', DOM_GLOBAL)
  const sibling = probeAt('src/catalogue/collections', importing('defineCollection', '../define-collection'))
  it('imports nothing from Node and uses no DOM or Node globals', () => {
    expect(rulesOf(node)).toEqual(['correctness/noNodejsModules'])
    expect(rulesOf(dom)).toEqual(['style/noRestrictedGlobals'])
    expect(rulesOf(sibling)).toEqual([])
  })
})

describe('the views engine (src/catalogue/views), which the index worker and the service both run', () => {
  const react = probeAt('src/catalogue/views', importing('useState', 'react'))
  const worker = probeAt('src/catalogue/views', importing('viewOf', '../../catalogue-index/worker/view'))
  const node = probeAt('src/catalogue/views', importing('readFileSync', 'node:fs'))
  const dom = probeAt('src/catalogue/views', DOM_GLOBAL)
  it('stands inside the contract’s wall: no React, no index worker, no Node, no DOM globals', () => {
    expect(rulesOf(react)).toEqual(RESTRICTED)
    expect(rulesOf(worker)).toEqual(RESTRICTED)
    expect(rulesOf(node)).toEqual(['correctness/noNodejsModules'])
    expect(rulesOf(dom)).toEqual(['style/noRestrictedGlobals'])
  })

  const fromService = probeAt('server/dataset', importing('prepareList', '../../src/catalogue/views/engine'))
  const fromWorker = probeAt(
    'src/catalogue-index/worker',
    importing('prepareList', '../../catalogue/views/engine'),
  )
  const workerFromService = probeAt(
    'server/dataset',
    importing('viewOf', '../../src/catalogue-index/worker/view'),
  )
  it('the service and the index worker may import it; the service still not the worker', () => {
    expect(rulesOf(fromService)).toEqual([])
    expect(rulesOf(fromWorker)).toEqual([])
    expect(rulesOf(workerFromService)).toEqual(RESTRICTED)
  })
})

describe('the crawler and the export (src/crawler, src/export), which run in a Web Worker and on the service', () => {
  it.each([
    ['src/crawler', 'React', probeAt('src/crawler', importing('useState', 'react'))],
    ['src/crawler', 'the client', probeAt('src/crawler', importing('createClient', '../api/client'))],
    ['src/export', 'the service', probeAt('src/export', importing('buildApp', '../../server/app'))],
  ])('%s imports nothing from %s', (_folder, _, probe) => {
    expect(rulesOf(probe)).toEqual(RESTRICTED)
  })

  const node = probeAt('src/crawler', importing('readFileSync', 'node:fs'))
  const dom = probeAt('src/export', DOM_GLOBAL)
  it('import nothing from Node and use no DOM globals', () => {
    expect(rulesOf(node)).toEqual(['correctness/noNodejsModules'])
    expect(rulesOf(dom)).toEqual(['style/noRestrictedGlobals'])
  })

  const contract = probeAt('src/crawler', importing('COLLECTIONS', '../catalogue'))
  const crawler = probeAt('server/snapshot', importing('crawl', '../../src/crawler'))
  const csv = probeAt('server/catalogue', importing('csvRows', '../../src/export/csv'))
  it('may import the contract module, and the service may import the crawler and the export', () => {
    expect(rulesOf(contract)).toEqual([])
    expect(rulesOf(crawler)).toEqual([])
    expect(rulesOf(csv)).toEqual([])
  })

  const worker = probeAt(
    'server/catalogue',
    importing('viewRecordsOf', '../../src/catalogue-index/worker/view'),
  )
  it('the service imports nothing else of the explorer: the index worker, which writes exports too, stays shut out', () => {
    expect(rulesOf(worker)).toEqual(RESTRICTED)
  })
})

describe('imports run one way: catalogue ← api ← lib ← components/features ← app', () => {
  refusesEach('%s may not import %s', [
    ['src/api', '../lib/format'],
    ['src/lib', '../components/layout/Layout'],
    ['src/components/list', '../../features/locations/queries'],
    ['src/components/list', '../../app/collection-routes'],
    ['src/features/locations', '../../app/collection-routes'],
    ['server', '../src/api/client'],
    ['server/dataset', '../../src/lib/format'],
  ])

  allowsEach('%s may import %s', [
    ['src/api', '../catalogue'],
    ['src/lib', '../api/client'],
    ['src/components/list', '../../lib/format'],
    ['src/features/locations', '../../components/list/ListPage'],
    ['src/app', '../features/locations/queries'],
    ['server/dataset', '../../src/catalogue'],
  ])

  it('makes `npm run lint` fail', async () => {
    const probe = `boundary-probe-${process.pid}-whole`
    expect(await lintWhole('src/catalogue', [[probe, importing('useState', 'react')]])).toEqual(RESTRICTED)
  }, 60_000)
})

describe('the catalogue index (src/catalogue-index): worker, protocol, client, hooks, components', () => {
  it.each(
    [
      ['src/catalogue-index/worker', 'React', importing('useState', 'react')],
      [
        'src/catalogue-index/protocol',
        'the query library',
        importing('queryOptions', '@tanstack/react-query'),
      ],
      ['src/catalogue-index/worker', 'its hooks', importing('useSearch', '../hooks/use-search')],
      ['src/catalogue-index/worker', 'its client', importing('indexWorker', '../client/index-client')],
      ['src/catalogue-index/protocol', 'its components', importing('describeAge', '../components/describe')],
      [
        'src/catalogue-index/worker',
        'the explorer',
        importing('formatCount', '../../features/insights/BarChart'),
      ],
    ].map(([folder = '', what = '', source = '']) => [folder, what, probeAt(folder, source)] as const),
  )('%s imports nothing from %s', (_folder, _, probe) => {
    expect(rulesOf(probe)).toEqual(RESTRICTED)
  })

  const dom = probeAt('src/catalogue-index/worker', DOM_GLOBAL)
  const crawler = probeAt('src/catalogue-index/worker', importing('crawl', '../../crawler'))
  const protocol = probeAt('src/catalogue-index/worker', importing('HITS_PER_GROUP', '../protocol/search'))
  it('the worker side uses no DOM globals, and may import the contract, the crawler and the protocol', () => {
    expect(rulesOf(dom)).toEqual(['style/noRestrictedGlobals'])
    expect(rulesOf(crawler)).toEqual([])
    expect(rulesOf(protocol)).toEqual([])
  })

  it.each([
    ['React', probeAt('src/catalogue-index/client', importing('useSyncExternalStore', 'react'))],
    [
      'the query library',
      probeAt('src/catalogue-index/client', importing('useQuery', '@tanstack/react-query')),
    ],
    [
      'its hooks',
      probeAt('src/catalogue-index/client', importing('useIndexSupport', '../hooks/index-support')),
    ],
    [
      'its components',
      probeAt('src/catalogue-index/client', importing('describeAge', '../components/describe')),
    ],
    [
      'the explorer',
      probeAt('src/catalogue-index/client', importing('LoadingBar', '../../components/states/LoadingBar')),
    ],
  ])('its client (src/catalogue-index/client) sits below its hooks: imports nothing from %s', (_, probe) => {
    expect(rulesOf(probe)).toEqual(RESTRICTED)
  })

  const clientContract = probeAt('src/catalogue-index/client', importing('COLLECTIONS', '../../catalogue'))
  const clientErrors = probeAt('src/catalogue-index/client', importing('ApiError', '../../api/errors'))
  const clientProtocol = probeAt(
    'src/catalogue-index/client',
    importing('HITS_PER_GROUP', '../protocol/search'),
  )
  it('its client may import the contract, the client of the service and the protocol', () => {
    expect(rulesOf(clientContract)).toEqual([])
    expect(rulesOf(clientErrors)).toEqual([])
    expect(rulesOf(clientProtocol)).toEqual([])
  })

  refusesEach('%s reaches the index only through its hooks: not %s', [
    ['src/catalogue-index/components', '../client/index-client'],
    ['src/catalogue-index/components', '../worker/store'],
    ['src/components/list', '../../catalogue-index/client/index-client'],
    ['src/features/insights', '../../catalogue-index/worker/aggregate'],
  ])

  allowsEach('%s may import %s', [
    ['src/catalogue-index/components', '../hooks/use-index-status'],
    ['src/components/list', '../../catalogue-index/hooks/use-search'],
    ['src/features/insights', '../../catalogue-index/protocol/insights'],
    ['src/app/connection', '../../catalogue-index/client/index-client'],
  ])
})

describe('no circles', () => {
  it('a new import cycle between files makes `npm run lint` fail', async () => {
    const name = (end: string) => `boundary-probe-${process.pid}-cycle-${end}`
    const cycle: [string, string][] = [
      [name('a'), `import { b } from './${name('b')}'\n\nexport const a = () => b\n`],
      [name('b'), `import { a } from './${name('a')}'\n\nexport const b = () => a\n`],
    ]
    expect(await lintWhole('src/lib', cycle)).toEqual(['suspicious/noImportCycles'])
  }, 60_000)

  const plugins = probeAt('server/operations', importing('operations', '../plugins/operations'))
  const client = probeAt('server/operations', importing('createClient', '../../src/api/client'))
  const paths = probeAt('server/operations', importing('HEALTH_PATH', './paths'))
  const fromPlugins = probeAt('server/plugins', importing('HEALTH_PATH', '../operations/paths'))
  it('server/operations never imports server/plugins, which registers it (a folder circle, not a file cycle)', () => {
    expect(rulesOf(plugins)).toEqual(RESTRICTED)
    expect(rulesOf(client)).toEqual(RESTRICTED)
    expect(rulesOf(paths)).toEqual([])
    expect(rulesOf(fromPlugins)).toEqual([])
  })
})

describe('src/lib is pure but for its page-only modules, so that the index worker may import it', () => {
  it.each([
    ['React', probeAt('src/lib', importing('useState', 'react'))],
    ['the query library', probeAt('src/lib', importing('queryOptions', '@tanstack/react-query'))],
    [
      'the connection in use (React)',
      probeAt('src/lib', importing('useConnection', '../api/connection-in-use')),
    ],
    ['a page-only module of src/lib', probeAt('src/lib', importing('useLatest', './page/use-latest'))],
  ])('a module of src/lib imports nothing from %s', (_, probe) => {
    expect(rulesOf(probe)).toEqual(RESTRICTED)
  })

  const dom = probeAt('src/lib', DOM_GLOBAL)
  const contract = probeAt('src/lib', importing('COLLECTIONS', '../catalogue'))
  const sibling = probeAt('src/lib', importing('listSearch', './list-url'))
  it('a module of src/lib uses no DOM globals, and may import the contract and its pure siblings', () => {
    expect(rulesOf(dom)).toEqual(['style/noRestrictedGlobals'])
    expect(rulesOf(contract)).toEqual([])
    expect(rulesOf(sibling)).toEqual([])
  })

  const queries = probeAt(
    'src/catalogue-index/worker',
    importing('collectionQueries', '../../lib/collection-queries'),
  )
  const latest = probeAt('src/catalogue-index/protocol', importing('useLatest', '../../lib/use-latest'))
  const viewLink = probeAt('src/catalogue-index/worker', importing('exactValuePath', '../../lib/view-link'))
  const format = probeAt('src/catalogue-index/worker', importing('grouped', '../../lib/format'))
  it('the index worker imports its pure modules only', () => {
    expect(rulesOf(queries)).toEqual(RESTRICTED)
    expect(rulesOf(latest)).toEqual(RESTRICTED)
    expect(rulesOf(viewLink)).toEqual([])
    expect(rulesOf(format)).toEqual([])
  })
})
