import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { COLLECTIONS, joinWithAnd } from '../../src/catalogue'
import { DEMO_KEY } from '../config'
import { errorOf, parseLog, rawRequest, serveForTests } from '../test/server'

const SECRET = 'k3y-that-must-never-leak'
const server = serveForTests({ apiKeys: ['other-key', SECRET] })

describe('authentication', () => {
  it('refuses a request without a key: 401, the realm challenge, a JSON sentence', async () => {
    const response = await server.get('/v1/locations', { key: null })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="catalogue"')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await errorOf(response)).toBe(
      'An API key is required: send the header "Authorization: Bearer <key>".',
    )
  })

  it('refuses another scheme', async () => {
    const response = await server.get('/v1/locations', { headers: { authorization: `Basic ${SECRET}` } })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="catalogue"')
    expect(await errorOf(response)).toBe('The Authorization header must have the form "Bearer <key>".')
  })

  it('refuses an unknown key with error="invalid_token", and the demo key once keys are configured', async () => {
    for (const key of ['nope', DEMO_KEY, `${SECRET}x`, SECRET.slice(0, -1)]) {
      const response = await server.get('/v1/locations', { key })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="catalogue", error="invalid_token"')
      expect(await errorOf(response)).toBe('The API key is not valid.')
    }
  })

  it('accepts a configured key with Bearer in any letter case', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await server.get('/v1/locations', {
        headers: { authorization: `${scheme} ${SECRET}` },
      })
      expect(response.status).toBe(200)
    }
    expect((await server.get('/v1/episodes/1', { key: 'other-key' })).status).toBe(200)
  })

  it('checks the key before anything else on API paths: unknown paths, bad ids and other methods say 401', async () => {
    for (const [path, method] of [
      ['/v1/nothing', 'GET'],
      ['/v1', 'GET'],
      ['/v1/locations/abc', 'GET'],
      ['/v1/locations/%zz', 'GET'],
      ['/v1/locations?page=0', 'GET'],
      ['/v1/locations', 'DELETE'],
    ] as const) {
      const response = await server.get(path, { key: null, method })
      expect(response.status, `${method} ${path}`).toBe(401)
    }
  })

  it('checks the key on every spelling of an API address: percent-encoded letters, absolute-form targets', async () => {
    for (const [path, method] of [
      ['/%761/locations', 'GET'],
      ['/v%31/locations/1', 'GET'],
      ['/%76%31/episodes/', 'HEAD'],
      ['/v1/%6Cocations', 'GET'],
      ['http://elsewhere.example/v1/locations', 'GET'],
      ['http://elsewhere.example/v1/episodes/1,2', 'GET'],
      ['http://elsewhere.example/v1/locations', 'DELETE'],
      // Read as an authority and its path, as the log reads it (`/v1/locations`).
      ['//user:pass@elsewhere.example/v1/locations', 'GET'],
      ['//elsewhere.example/v1/episodes/1,2', 'GET'],
      // Paths that do not exist must not tell an unkeyed caller so, however they are spelled.
      ['/%761/nothing', 'GET'],
      ['http://elsewhere.example/v1/nothing', 'GET'],
    ] as const) {
      for (const authorization of [undefined, 'Bearer wrong']) {
        const headers: Record<string, string> = authorization ? { authorization } : {}
        const answer = await rawRequest(server.origin, path, headers, method)
        expect(answer.status, `${method} ${path} ${authorization ?? 'no key'}`).toBe(401)
      }
    }
    const keyed = await rawRequest(server.origin, 'http://elsewhere.example/v1/locations/3', {
      authorization: `Bearer ${SECRET}`,
    })
    expect(keyed.status).toBe(200)
    const authority = await rawRequest(server.origin, '//user:pass@elsewhere.example/v1/locations', {
      authorization: `Bearer ${SECRET}`,
    })
    expect(authority.status).toBe(404)
    expect(JSON.parse(authority.body.toString()).error).toMatch(/the catalogue serves/)
  })

  it('refuses dot segments, repeated slashes and encoded dots under /v1 with 400 before routing, key or not', async () => {
    for (const path of [
      '/v1/./locations/1',
      '/v1//locations/1',
      '/v1/.%2e/x',
      '/v1/%2e/locations/1',
      '/v1/locations/./1',
      '/v1/locations//1',
      '/v1/x/../locations/1',
      '/x/../v1/locations/1',
      '/v1/locations/1/.',
      '//v1/locations/1',
      'http://elsewhere.example/v1/./locations/1',
      '/%76%31/%2E%2E/v1/locations/1',
    ]) {
      for (const headers of [
        {},
        { authorization: 'Bearer wrong' },
        { authorization: `Bearer ${SECRET}` },
      ] as Record<string, string>[]) {
        const answer = await rawRequest(server.origin, path, headers)
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(400)
        expect(JSON.parse(answer.body.toString()).error).toMatch(/dot segment|empty segment/)
      }
    }
  })

  it('never writes a key into a log line', async () => {
    await server.get('/v1/locations?name=x', { key: SECRET })
    await server.get('/v1/locations', { key: `${SECRET}-wrong` })
    expect(server.logs.length).toBeGreaterThan(1)
    expect(server.logs.some((line) => line.includes(SECRET))).toBe(false)
    const entries = parseLog(server.logs)
    const keyId = createHash('sha256').update(SECRET).digest('hex').slice(0, 8)
    expect(entries).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/v1/locations',
        status: 200,
        keyId,
        client: '127.0.0.1',
      }),
    )
    expect(entries).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/v1/locations', status: 401 }),
    )
    for (const entry of entries.filter((line) => line.msg === 'request')) {
      expect(Object.keys(entry).sort()).toEqual(
        expect.arrayContaining(['time', 'reqId', 'method', 'path', 'status', 'ms', 'bytes', 'client']),
      )
    }
  })
})

describe('paths and methods', () => {
  it('answers other paths with 404 and a sentence saying what is served, /v2 included', async () => {
    const paths = COLLECTIONS.flatMap(({ listPath, itemPath }) => [listPath, `${itemPath}/{ids}`])
    const served = `There is nothing at this address: the catalogue serves ${joinWithAnd(paths)}.`
    expect(served).toContain('/v1/locations, /v1/locations/{ids}, /v1/episodes/')
    for (const [path, message] of [
      ['/v1/people/1', served],
      ['/v1/locations/1/2', served],
      ['/v1/', served],
      ['/v2/locations', 'This version of the API does not exist; the catalogue is served under /v1.'],
      ['/V1/locations', 'There is nothing at this address.'],
    ]) {
      const response = await server.get(path as string, { key: SECRET })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(await errorOf(response), path).toBe(message)
    }
  })

  it('answers other methods with 405 and Allow, without reading a body', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL']) {
      for (const path of ['/v1/locations', '/v1/episodes/', '/v1/locations/1', '/v1/episodes/[1,2]']) {
        const response = await server.get(path, {
          key: SECRET,
          method,
          body: '{not json',
          headers: { 'content-type': 'application/json' },
        })
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
        expect(await errorOf(response)).toBe('Only GET, HEAD and OPTIONS are allowed here.')
      }
    }
  })

  it('answers HEAD like GET without a body', async () => {
    const get = await server.get('/v1/locations', { key: SECRET })
    const head = await server.get('/v1/locations', { key: SECRET, method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'))
    expect(await head.text()).toBe('')
  })

  it('answers a malformed percent-encoding with a 400 JSON error', async () => {
    const response = await server.get('/v1/locations/%E0%A4%A', { key: SECRET })
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toMatch(/percent-encoded/)
    const query = await server.get('/v1/locations?name=%zz', { key: SECRET })
    expect(query.status).toBe(200)
  })

  it('refuses a Host that is not a host name instead of writing it into addresses', async () => {
    for (const host of ['evil"host', '..', '-', 'a..b', 'example.com:99999', '1.2.3.4:65536']) {
      const answer = await rawRequest(server.origin, '/v1/locations', {
        host,
        authorization: `Bearer ${SECRET}`,
      })
      expect(answer.status, host).toBe(400)
    }
    for (const host of ['catalogue.example.com', 'my_service:8080', '[::1]:80', '10.0.0.1']) {
      const answer = await rawRequest(server.origin, '/v1/locations/1', {
        host,
        authorization: `Bearer ${SECRET}`,
      })
      expect(answer.status, host).toBe(200)
      expect(JSON.parse(answer.body.toString()).url).toBe(`http://${host}/v1/locations/1`)
    }
  })
})

describe('CORS', () => {
  it('answers a preflight with 204 without a key, allowing Authorization', async () => {
    const response = await server.get('/v1/locations', {
      key: null,
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect(response.headers.get('access-control-allow-methods')).toContain('GET')
  })

  it('puts Access-Control-Allow-Origin: * exactly once on answers and refusals', async () => {
    for (const [path, key] of [
      ['/v1/locations', SECRET],
      ['/v1/locations', 'wrong'],
      ['/v1/locations/abc', SECRET],
    ]) {
      const raw = (
        await rawRequest(server.origin, path as string, {
          origin: 'https://x.example',
          authorization: `Bearer ${key}`,
        })
      ).rawHeaders
      const values = raw.filter(
        (_, index) => index % 2 === 0 && raw[index]?.toLowerCase() === 'access-control-allow-origin',
      )
      expect(values.length, path).toBe(1)
    }
  })
})
