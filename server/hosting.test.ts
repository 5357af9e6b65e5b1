import { describe, expect, it } from 'vitest'
import { ExplorerConfigSchema } from '../src/catalogue'
import { fakeBuiltApp, serveForTests } from './test/server'

const dist = fakeBuiltApp()

describe('hosting the built app (demo mode)', () => {
  const server = serveForTests({ hosting: { staticDir: dist } })

  it('serves index.html at / without caching', async () => {
    const response = await server.get('/', { key: null })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toContain('<div id="root">')
  })

  it('serves hashed assets with long immutable caching', async () => {
    const response = await server.get('/assets/index-Ab12Cd34.js', { key: null })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('answers app routes with index.html so deep links work', async () => {
    for (const path of ['/locations/5?name=x', '/episodes', '/locations/compare/1,2']) {
      const response = await server.get(path, { key: null, headers: { accept: 'text/html' } })
      expect(response.status, path).toBe(200)
      expect(await response.text()).toContain('<div id="root">')
    }
  })

  it('answers a navigation to an app path with malformed percent-encoding with the app (its not-found page)', async () => {
    for (const path of ['/locations/%', '/episodes/%zz?page=2']) {
      const response = await server.get(path, { key: null, headers: { accept: 'text/html' } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(await response.text()).toContain('<div id="root">')
    }
    // What is not a navigation, and the API's own paths, keep the contract's JSON 400.
    const fetched = await server.get('/locations/%', { key: null })
    expect(fetched.status).toBe(400)
    expect(fetched.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const api = await server.get('/v1/locations/%', { headers: { accept: 'text/html' } })
    expect(api.status).toBe(400)
  })

  it('answers a missing asset, and unknown API paths, with a JSON 404', async () => {
    const asset = await server.get('/assets/missing-123.js', { key: null })
    expect(asset.status).toBe(404)
    expect(asset.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect((await server.get('/v1/nothing')).status).toBe(404)
    expect((await server.get('/v2/locations', { key: null, headers: { accept: 'text/html' } })).status).toBe(
      404,
    )
    expect((await server.get('/missing.png', { key: null })).status).toBe(404)
  })

  it('tells the app the demo key, without a key and never cached', async () => {
    const response = await server.get('/explorer-config.json', { key: null })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(ExplorerConfigSchema.parse(await response.json())).toEqual({ demoKey: 'catalogue-demo-key' })
  })
})

describe('explorer config with configured keys', () => {
  const server = serveForTests({ apiKeys: ['a-key'] })

  it('gives no demo key', async () => {
    const response = await server.get('/explorer-config.json', { key: null })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ demoKey: null })
  })

  it('answers every non-API path with a JSON 404 when no app is hosted', async () => {
    const response = await server.get('/locations/5', { key: null })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })
})
