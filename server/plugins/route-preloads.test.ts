import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as entry from '../../src/entry-server'
import type { Manifest } from '../build/bundle-size'
import { fakeBuiltApp, rawRequest, serveForTests } from '../test/server'
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
