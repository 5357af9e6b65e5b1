import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FirstViewEntry } from '../../../src/catalogue'
import * as entry from '../../../src/entry-server'
import type { Manifest } from '../../build/bundle-size'
import { fakeBuiltApp, rawRequest, serveForTests } from '../../test/server'
import { type LoadedFirstView, loadFirstView } from './first-view'
import { routePreloads } from './route-preloads'

/** A build's manifest as Vite writes it: the entry, the code it shares, and two pages sharing a chunk. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_shared-Qr12St34.js'] },
  '_shared-Qr12St34.js': { file: 'assets/shared-Qr12St34.js' },
  '_pages-Mn56Op78.js': { file: 'assets/pages-Mn56Op78.js', imports: ['index.html', '_shared-Qr12St34.js'] },
  'src/features/locations/LocationsListRoute.tsx': {
    file: 'assets/LocationsListRoute-Uv90Wx12.js',
    imports: ['index.html', '_pages-Mn56Op78.js'],
  },
  'src/features/locations/LocationRecordRoute.tsx': {
    file: 'assets/LocationRecordRoute-Yz34Ab56.js',
    imports: ['index.html', '_pages-Mn56Op78.js'],
  },
}

const preload = (file: string) =>
  `<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${file}">`

describe('the preloads of a rendered page’s code', () => {
  it('name its route’s chunk and what it imports, not what the entry fetches already', () => {
    const links = routePreloads(MANIFEST, ['src/features/locations/LocationsListRoute.tsx'])
    expect(links).toBe(`${preload('LocationsListRoute-Uv90Wx12.js')}${preload('pages-Mn56Op78.js')}`)
    expect(routePreloads(MANIFEST, [])).toBe('')
    expect(routePreloads(MANIFEST, ['src/nowhere.tsx'])).toBe('')
  })
})

describe('a rendered page', () => {
  const dist = fakeBuiltApp()
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  const server = serveForTests({ hosting: { staticDir: dist, firstView: entry } })

  /** What the page holds before its root element: its head. */
  const headOf = async (path: string) => {
    const answer = await rawRequest(server.origin, path, { accept: 'text/html' })
    expect(answer.status).toBe(200)
    return answer.body.toString('utf8').split('<div id="root">')[0] ?? ''
  }

  it('preloads its route’s code in its head: a list’s page, a record’s page', async () => {
    const list = await headOf('/locations?name=e&page=2')
    expect(list).toContain(preload('LocationsListRoute-Uv90Wx12.js'))
    expect(list).toContain(preload('pages-Mn56Op78.js'))
    expect(list).not.toContain('LocationRecordRoute')
    expect(list).not.toContain(preload('index-Ab12Cd34.js'))
    const record = await headOf('/locations/3')
    expect(record).toContain(preload('LocationRecordRoute-Yz34Ab56.js'))
    expect(record).not.toContain('LocationsListRoute')
  })

  it('preloads nothing on a page the service does not render', async () => {
    expect(await headOf('/settings')).not.toContain('modulepreload')
  })
})

/**
 * A built server entry as the service loads it (its render in the first views' thread, its matcher and the
 * page's modules in the service's own): a list's page of one row.
 */
const BUILT_ENTRY = `
export const matchesFirstView = (url) => url.startsWith('/locations')
export const firstViewModules = (url) =>
  url.startsWith('/locations') ? ['src/features/locations/LocationsListRoute.tsx'] : []
export const renderFirstView = async () =>
  ({ kind: 'page', status: 200, html: '<h1>Locations</h1>', state: { frame: false }, complete: true })
`

describe('a page rendered in the first views’ thread', () => {
  const folder = mkdtempSync(join(tmpdir(), 'route-preloads-'))
  const file = join(folder, 'entry-server.mjs')
  writeFileSync(file, BUILT_ENTRY)
  const dist = fakeBuiltApp()
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  const hosting: { staticDir: string; firstView: FirstViewEntry | null } = {
    staticDir: dist,
    firstView: null,
  }
  let loaded: LoadedFirstView | null = null
  beforeAll(async () => {
    loaded = await loadFirstView(file)
    hosting.firstView = loaded?.entry ?? null
  })
  afterAll(async () => {
    await loaded?.close()
    rmSync(folder, { recursive: true, force: true })
  })
  const server = serveForTests({ hosting })

  it('still preloads its route’s code in its head, before the view the thread rendered', async () => {
    const answer = await rawRequest(server.origin, '/locations?name=e&page=2', { accept: 'text/html' })
    expect(answer.status).toBe(200)
    const [head, root] = answer.body.toString('utf8').split('<div id="root">')
    expect(root).toContain('<h1>Locations</h1>')
    expect(head).toContain(preload('LocationsListRoute-Uv90Wx12.js'))
    expect(head).toContain(preload('pages-Mn56Op78.js'))
    expect(head).not.toContain(preload('index-Ab12Cd34.js'))
  })
})
