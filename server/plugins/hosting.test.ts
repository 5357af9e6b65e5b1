import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ExplorerConfigSchema } from '../../src/catalogue'
import { fakeBuiltApp, rawRequest, serveForTests } from '../test/server'

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
    expect(ExplorerConfigSchema.parse(await response.json())).toEqual({
      demoKey: 'catalogue-demo-key',
      views: true,
      search: true,
      characters: true,
      insights: true,
      // The catalogue it serves now (contract §13), as every API answer names it.
      catalogueVersion: expect.stringMatching(/^\S+$/),
    })
  })
})

describe('explorer config of a service without views (CATALOGUE_VIEWS=off)', () => {
  const server = serveForTests({ hosting: { staticDir: dist }, views: false })

  it('tells the app the service does not answer views', async () => {
    const response = await server.get('/explorer-config.json', { key: null })
    expect(await response.json()).toEqual({
      demoKey: 'catalogue-demo-key',
      views: false,
      catalogueVersion: expect.any(String),
    })
  })
})

describe('the app’s files (contract §10)', () => {
  const server = serveForTests({ hosting: { staticDir: dist } })

  it('serves no source map, nothing under /.vite/ and no dot file', async () => {
    for (const path of [
      '/assets/index-Ab12Cd34.js.map',
      '/.vite/manifest.json',
      '/.env',
      '/assets/large-Ef56Gh78.js.br',
    ]) {
      const answer = await rawRequest(server.origin, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body.toString(), path).not.toMatch(/sources|index\.html|SECRET|root/)
    }
  })

  it('sends the files compressed at build time as they are, and never compresses one per request', async () => {
    const brotli = await rawRequest(server.origin, '/assets/large-Ef56Gh78.js', {
      'accept-encoding': 'br, gzip',
    })
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.body.equals(readFileSync(join(dist, 'assets', 'large-Ef56Gh78.js.br')))).toBe(true)
    const gzip = await rawRequest(server.origin, '/assets/large-Ef56Gh78.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await rawRequest(server.origin, '/assets/unprecompressed-Ij90Kl12.js', {
      'accept-encoding': 'br',
    })
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
  })
})

describe('security headers of the explorer’s pages and files (contract §10)', () => {
  const server = serveForTests({ hosting: { staticDir: dist } })
  const secure = serveForTests({ hosting: { staticDir: dist }, publicUrl: 'https://catalogue.example.com' })

  it('sends a CSP without inline script, allowing other catalogue services, with no framing', async () => {
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/locations/5', 'text/html'],
      ['/assets/index-Ab12Cd34.js', '*/*'],
    ]) {
      const answer = await rawRequest(server.origin, path as string, { accept: accept as string })
      expect(answer.status, path).toBe(200)
      const csp = String(answer.headers['content-security-policy'])
      expect(csp).toMatch(/script-src 'self'(;|$)/)
      // Served over http: any http or https service (contract §11).
      expect(csp).toMatch(/connect-src 'self' https: http:(;|$)/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('upgrade-insecure-requests')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['referrer-policy']).toBe('no-referrer')
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin')
    }
  })

  it('asks browsers to upgrade requests only when the public address is https, and then allows plain http on loopback only', async () => {
    const answer = await rawRequest(secure.origin, '/', { accept: 'text/html' })
    const csp = String(answer.headers['content-security-policy'])
    expect(csp).toContain('upgrade-insecure-requests')
    expect(csp).toMatch(/connect-src 'self' https: http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*(;|$)/)
  })

  it('lets the app reach other services over https, and over http only on loopback, when served over https', async () => {
    const answer = await rawRequest(secure.origin, '/', { accept: 'text/html' })
    expect(String(answer.headers['content-security-policy'])).toMatch(
      /connect-src 'self' https: http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*(;|$)/,
    )
  })

  it('sends Strict-Transport-Security only when the public address is https', async () => {
    const plain = await rawRequest(server.origin, '/', { accept: 'text/html' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    const https = await rawRequest(secure.origin, '/', { accept: 'text/html' })
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  })

  it('leaves the API’s answers to the API: CORS for any origin, no page policy', async () => {
    const answer = await rawRequest(server.origin, '/v1/locations/1', {
      authorization: 'Bearer catalogue-demo-key',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(answer.headers['content-security-policy']).toBeUndefined()
  })
})

describe('explorer config with configured keys', () => {
  const server = serveForTests({ apiKeys: ['a-key'] })

  it('gives no demo key', async () => {
    const response = await server.get('/explorer-config.json', { key: null })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      demoKey: null,
      views: true,
      search: true,
      characters: true,
      insights: true,
      catalogueVersion: expect.any(String),
    })
  })

  it('answers every non-API path with a JSON 404 when no app is hosted', async () => {
    const response = await server.get('/locations/5', { key: null })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })
})
