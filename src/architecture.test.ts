import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The import boundaries are lint rules (biome.json): a module placed in a folder and importing what that
 * folder may not import makes the lint fail. Each case writes a small module into the folder, lints it with
 * the project's own command, and removes it.
 */
const ROOT = dirname(import.meta.dirname)
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome')
const run = promisify(execFile)
const probes: string[] = []

// Each case starts Biome, which takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(() => {
  for (const probe of probes.splice(0)) rmSync(probe, { force: true })
})

/**
 * Lints `source` as a module in `folder`, with `biome check` on that file or, with `whole`, with `npm run lint`
 * on the whole project; returns the rules it broke (none: it passed).
 */
async function lintAt(folder: string, source: string, whole = false): Promise<string[]> {
  const probe = join(ROOT, folder, `boundary-probe-${process.pid}-${probes.length}.ts`)
  probes.push(probe)
  writeFileSync(probe, source)
  try {
    if (whole) await run('npm', ['run', 'lint'], { cwd: ROOT })
    else await run(BIOME, ['check', probe], { cwd: ROOT })
    return []
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    const rules = [...`${stdout}${stderr}`.matchAll(/lint\/(\w+\/\w+)/g)].map((match) => match[1] as string)
    expect(rules.length, `${stdout}${stderr}`).toBeGreaterThan(0)
    return [...new Set(rules)]
  }
}

/**
 * Lints the whole project (`npm run lint`) with two probe modules in `folder` importing each other; returns
 * the rules it broke. A cycle is a fact of the project's module graph, which only a lint of the whole
 * project builds.
 */
async function lintCycle(folder: string): Promise<string[]> {
  const name = (end: string) => `boundary-probe-${process.pid}-cycle-${end}`
  const first = join(ROOT, folder, `${name('a')}.ts`)
  const second = join(ROOT, folder, `${name('b')}.ts`)
  probes.push(first, second)
  writeFileSync(first, `import { b } from './${name('b')}'\n\nexport const a = () => b\n`)
  writeFileSync(second, `import { a } from './${name('a')}'\n\nexport const b = () => a\n`)
  try {
    await run('npm', ['run', 'lint'], { cwd: ROOT })
    return []
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return [
      ...new Set([...`${stdout}${stderr}`.matchAll(/lint\/(\w+\/\w+)/g)].map((match) => match[1] as string)),
    ]
  }
}

const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}'\n\nexport const probe = ${name}\n`

describe('the contract module (src/catalogue)', () => {
  it.each([
    ['React', importing('useState', 'react')],
    ['the router', importing('Link', 'react-router-dom')],
    ['the query library', importing('queryOptions', '@tanstack/react-query')],
    ['the client', importing('createClient', '../api/client')],
    ['the service', importing('buildApp', '../../server/app')],
  ])('imports nothing from %s', async (_, source) => {
    expect(await lintAt('src/catalogue', source)).toEqual(['style/noRestrictedImports'])
  })

  it('imports nothing from Node and uses no DOM or Node globals', async () => {
    expect(await lintAt('src/catalogue', importing('readFileSync', 'node:fs'))).toEqual([
      'correctness/noNodejsModules',
    ])
    expect(await lintAt('src/catalogue', 'export const probe = () => document.title\n')).toEqual([
      'style/noRestrictedGlobals',
    ])
    expect(
      await lintAt('src/catalogue/collections', importing('defineCollection', '../define-collection')),
    ).toEqual([])
  })
})

describe('the views engine (src/catalogue/views), which the index worker and the service both run', () => {
  it('stands inside the contract’s wall: no React, no index worker, no Node, no DOM globals', async () => {
    expect(await lintAt('src/catalogue/views', importing('useState', 'react'))).toEqual([
      'style/noRestrictedImports',
    ])
    expect(
      await lintAt('src/catalogue/views', importing('viewOf', '../../catalogue-index/worker/view')),
    ).toEqual(['style/noRestrictedImports'])
    expect(await lintAt('src/catalogue/views', importing('readFileSync', 'node:fs'))).toEqual([
      'correctness/noNodejsModules',
    ])
    expect(await lintAt('src/catalogue/views', 'export const probe = () => document.title\n')).toEqual([
      'style/noRestrictedGlobals',
    ])
  })

  it('the service and the index worker may import it; the service still not the worker', async () => {
    expect(
      await lintAt('server/dataset', importing('prepareList', '../../src/catalogue/views/engine')),
    ).toEqual([])
    expect(
      await lintAt('src/catalogue-index/worker', importing('prepareList', '../../catalogue/views/engine')),
    ).toEqual([])
    expect(
      await lintAt('server/dataset', importing('viewOf', '../../src/catalogue-index/worker/view')),
    ).toEqual(['style/noRestrictedImports'])
  })
})

describe('the crawler and the export (src/crawler, src/export), which run in a Web Worker and on the service', () => {
  it.each([
    ['src/crawler', 'React', importing('useState', 'react')],
    ['src/crawler', 'the client', importing('createClient', '../api/client')],
    ['src/export', 'the service', importing('buildApp', '../../server/app')],
  ])('%s imports nothing from %s', async (folder, _, source) => {
    expect(await lintAt(folder, source)).toEqual(['style/noRestrictedImports'])
  })

  it('import nothing from Node and use no DOM globals', async () => {
    expect(await lintAt('src/crawler', importing('readFileSync', 'node:fs'))).toEqual([
      'correctness/noNodejsModules',
    ])
    expect(await lintAt('src/export', 'export const probe = () => document.title\n')).toEqual([
      'style/noRestrictedGlobals',
    ])
  })

  it('may import the contract module, and the service may import the crawler and the export', async () => {
    expect(await lintAt('src/crawler', importing('COLLECTIONS', '../catalogue'))).toEqual([])
    expect(await lintAt('server/snapshot', importing('crawl', '../../src/crawler'))).toEqual([])
    expect(await lintAt('server/catalogue', importing('csvRows', '../../src/export/csv'))).toEqual([])
  })

  it('the service imports nothing else of the explorer: the index worker, which writes exports too, stays shut out', async () => {
    expect(
      await lintAt('server/catalogue', importing('viewRecordsOf', '../../src/catalogue-index/worker/view')),
    ).toEqual(['style/noRestrictedImports'])
  })
})

describe('imports run one way: catalogue ← api ← lib ← components/features ← app', () => {
  it.each([
    ['src/api', '../lib/format'],
    ['src/lib', '../components/layout/Layout'],
    ['src/components/list', '../../features/locations/queries'],
    ['src/components/list', '../../app/collection-routes'],
    ['src/features/locations', '../../app/collection-routes'],
    ['server', '../src/api/client'],
    ['server/dataset', '../../src/lib/format'],
  ])('%s may not import %s', async (folder, from) => {
    expect(await lintAt(folder, importing('anything', from))).toEqual(['style/noRestrictedImports'])
  })

  it.each([
    ['src/api', '../catalogue'],
    ['src/lib', '../api/client'],
    ['src/components/list', '../../lib/format'],
    ['src/features/locations', '../../components/list/ListPage'],
    ['src/app', '../features/locations/queries'],
    ['server/dataset', '../../src/catalogue'],
  ])('%s may import %s', async (folder, from) => {
    expect(await lintAt(folder, importing('anything', from))).toEqual([])
  })

  it('makes `npm run lint` fail', async () => {
    expect(await lintAt('src/catalogue', importing('useState', 'react'), true)).toEqual([
      'style/noRestrictedImports',
    ])
  }, 60_000)
})

describe('the catalogue index (src/catalogue-index): worker, protocol, client, hooks, components', () => {
  it.each([
    ['src/catalogue-index/worker', 'React', importing('useState', 'react')],
    ['src/catalogue-index/protocol', 'the query library', importing('queryOptions', '@tanstack/react-query')],
    ['src/catalogue-index/worker', 'its hooks', importing('useSearch', '../hooks/use-search')],
    ['src/catalogue-index/worker', 'its client', importing('indexWorker', '../client/index-client')],
    ['src/catalogue-index/protocol', 'its components', importing('describeAge', '../components/describe')],
    [
      'src/catalogue-index/worker',
      'the explorer',
      importing('formatCount', '../../features/insights/BarChart'),
    ],
  ])('%s imports nothing from %s', async (folder, _, source) => {
    expect(await lintAt(folder, source)).toEqual(['style/noRestrictedImports'])
  })

  it('the worker side uses no DOM globals, and may import the contract, the crawler and the protocol', async () => {
    expect(await lintAt('src/catalogue-index/worker', 'export const probe = () => document.title\n')).toEqual(
      ['style/noRestrictedGlobals'],
    )
    expect(await lintAt('src/catalogue-index/worker', importing('crawl', '../../crawler'))).toEqual([])
    expect(
      await lintAt('src/catalogue-index/worker', importing('HITS_PER_GROUP', '../protocol/search')),
    ).toEqual([])
  })

  it.each([
    ['React', importing('useSyncExternalStore', 'react')],
    ['the query library', importing('useQuery', '@tanstack/react-query')],
    ['its hooks', importing('useIndexSupport', '../hooks/index-support')],
    ['its components', importing('describeAge', '../components/describe')],
    ['the explorer', importing('LoadingBar', '../../components/states/LoadingBar')],
  ])(
    'its client (src/catalogue-index/client) sits below its hooks: imports nothing from %s',
    async (_, source) => {
      expect(await lintAt('src/catalogue-index/client', source)).toEqual(['style/noRestrictedImports'])
    },
  )

  it('its client may import the contract, the client of the service and the protocol', async () => {
    expect(await lintAt('src/catalogue-index/client', importing('COLLECTIONS', '../../catalogue'))).toEqual(
      [],
    )
    expect(await lintAt('src/catalogue-index/client', importing('ApiError', '../../api/errors'))).toEqual([])
    expect(
      await lintAt('src/catalogue-index/client', importing('HITS_PER_GROUP', '../protocol/search')),
    ).toEqual([])
  })

  it.each([
    ['src/catalogue-index/components', '../client/index-client'],
    ['src/catalogue-index/components', '../worker/store'],
    ['src/components/list', '../../catalogue-index/client/index-client'],
    ['src/features/insights', '../../catalogue-index/worker/aggregate'],
  ])('%s reaches the index only through its hooks: not %s', async (folder, from) => {
    expect(await lintAt(folder, importing('anything', from))).toEqual(['style/noRestrictedImports'])
  })

  it.each([
    ['src/catalogue-index/components', '../hooks/use-index-status'],
    ['src/components/list', '../../catalogue-index/hooks/use-search'],
    ['src/features/insights', '../../catalogue-index/protocol/insights'],
    ['src/app/connection', '../../catalogue-index/client/index-client'],
  ])('%s may import %s', async (folder, from) => {
    expect(await lintAt(folder, importing('anything', from))).toEqual([])
  })
})

describe('no circles', () => {
  it('a new import cycle between files makes `npm run lint` fail', async () => {
    expect(await lintCycle('src/lib')).toEqual(['suspicious/noImportCycles'])
  }, 60_000)

  it('server/operations never imports server/plugins, which registers it (a folder circle, not a file cycle)', async () => {
    expect(await lintAt('server/operations', importing('operations', '../plugins/operations'))).toEqual([
      'style/noRestrictedImports',
    ])
    expect(await lintAt('server/operations', importing('createClient', '../../src/api/client'))).toEqual([
      'style/noRestrictedImports',
    ])
    expect(await lintAt('server/operations', importing('HEALTH_PATH', './paths'))).toEqual([])
    expect(await lintAt('server/plugins', importing('HEALTH_PATH', '../operations/paths'))).toEqual([])
  })
})

describe('src/lib is pure but for its page-only modules, so that the index worker may import it', () => {
  it.each([
    ['React', importing('useState', 'react')],
    ['the query library', importing('queryOptions', '@tanstack/react-query')],
    ['the connection in use (React)', importing('useConnection', '../api/connection-in-use')],
    ['a page-only module of src/lib', importing('useLatest', './use-latest')],
  ])('a module of src/lib imports nothing from %s', async (_, source) => {
    expect(await lintAt('src/lib', source)).toEqual(['style/noRestrictedImports'])
  })

  it('a module of src/lib uses no DOM globals, and may import the contract and its pure siblings', async () => {
    expect(await lintAt('src/lib', 'export const probe = () => document.title\n')).toEqual([
      'style/noRestrictedGlobals',
    ])
    expect(await lintAt('src/lib', importing('COLLECTIONS', '../catalogue'))).toEqual([])
    expect(await lintAt('src/lib', importing('listSearch', './list-url'))).toEqual([])
  })

  it('the index worker imports its pure modules only', async () => {
    expect(
      await lintAt(
        'src/catalogue-index/worker',
        importing('collectionQueries', '../../lib/collection-queries'),
      ),
    ).toEqual(['style/noRestrictedImports'])
    expect(
      await lintAt('src/catalogue-index/protocol', importing('useLatest', '../../lib/use-latest')),
    ).toEqual(['style/noRestrictedImports'])
    expect(
      await lintAt('src/catalogue-index/worker', importing('exactValuePath', '../../lib/view-link')),
    ).toEqual([])
    expect(await lintAt('src/catalogue-index/worker', importing('grouped', '../../lib/format'))).toEqual([])
  })
})
