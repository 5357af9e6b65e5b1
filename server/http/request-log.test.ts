import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fakeBuiltApp, parseLog, rawExchange, rawRequest, serveForTests } from '../test/server'

const server = serveForTests({ hosting: { staticDir: fakeBuiltApp() } })
const AUTH = { authorization: 'Bearer catalogue-demo-key' }

describe('the request log (contract §10)', () => {
  it('logs an absolute-form target by its path alone: no credentials, no query', async () => {
    const logged = server.logs.length
    const answer = await rawRequest(server.origin, 'http://user:pa55word@127.0.0.1/v1/locations?name=x', AUTH)
    expect(answer.status).toBe(200)
    await expect.poll(() => server.logs.length).toBeGreaterThan(logged)
    const lines = server.logs.slice(logged)
    expect(lines.join('\n')).not.toMatch(/pa55word|user:|name=x/)
    expect(parseLog(lines)).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/v1/locations',
        status: 200,
        bytes: expect.any(Number),
      }),
    )
  })

  it('logs the origin-form path alone for every spelling of a target: no user-info, host or scheme', async () => {
    for (const target of [
      '//user:pa55word@host.example/v1/x',
      'user:pa55word@host.example/v1/x',
      'http://user:pa55word@host.example/v1/x',
      'HTTP://user:pa55word@host.example:8080/v1/x?q=1',
      'ftp://user:pa55word@host.example/v1/x',
      'urn:user:pa55word@host.example',
    ]) {
      const logged = server.logs.length
      await rawExchange(
        server.origin,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      )
      await expect.poll(() => server.logs.length, { message: target }).toBeGreaterThan(logged)
      const lines = server.logs.slice(logged)
      expect(lines.join('\n'), target).not.toMatch(/pa55word|user|host\.example|http|ftp/i)
      for (const { path } of parseLog(lines)) expect(path, target).toMatch(/^(\/(?!\/)|-$)/)
    }
  })

  it('writes the same line with every field of §10 whether the fast path or Fastify answered', async () => {
    const path = '/v1/episodes?page=2'
    const hitsBefore = server.app.cacheStats().fastPath.hits
    const ids = ['line-fastify', 'line-fast-path']
    for (const id of ids) {
      const answer = await rawRequest(server.origin, path, { ...AUTH, 'x-request-id': id })
      expect(answer.status).toBe(200)
    }
    // The first was routed by Fastify (which remembered the body), the second answered from the response cache.
    expect(server.app.cacheStats().fastPath.hits).toBe(hitsBefore + 1)
    await expect
      .poll(() => parseLog(server.logs).filter((entry) => ids.includes(String(entry.reqId))).length)
      .toBe(2)
    const lines = parseLog(server.logs).filter((entry) => ids.includes(String(entry.reqId)))
    const demoKeyId = createHash('sha256').update('catalogue-demo-key').digest('hex').slice(0, 8)
    for (const line of lines) {
      expect(line).toEqual({
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        reqId: expect.any(String),
        method: 'GET',
        path: '/v1/episodes',
        status: 200,
        ms: expect.any(Number),
        bytes: expect.any(Number),
        client: '127.0.0.1',
        keyId: demoKeyId,
        msg: 'request',
      })
      expect(line.bytes, JSON.stringify(line)).toBeGreaterThan(0)
    }
    expect(Object.keys(lines[0] as object)).toEqual(Object.keys(lines[1] as object))
  })

  it('gives every answer an X-Request-Id, keeping a caller’s short token, and logs it', async () => {
    const logged = server.logs.length
    const kept = await rawRequest(server.origin, '/v1/locations/1', { ...AUTH, 'x-request-id': 'trace-42.a' })
    expect(kept.headers['x-request-id']).toBe('trace-42.a')
    const replaced = await rawRequest(server.origin, '/v1/locations/1', {
      ...AUTH,
      'x-request-id': 'x'.repeat(200),
    })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    for (const path of ['/v1/locations', '/v1/nothing', '/', '/assets/index-Ab12Cd34.js']) {
      const answer = await rawRequest(server.origin, path, path === '/v1/locations' ? {} : AUTH)
      expect(answer.headers['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/)
    }
    const refused = await rawExchange(
      server.origin,
      'GET /v1/locations HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
    )
    expect(refused).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i)
    await expect
      .poll(() => parseLog(server.logs.slice(logged)).some((entry) => entry.reqId === 'trace-42.a'))
      .toBe(true)
  })
})

describe('paths outside the API', () => {
  it('answers unknown paths with a JSON 404 unless a navigation asks for HTML', async () => {
    // `/healthz` and `/readyz` exist (the operations plugin); metrics are never on the public port.
    for (const path of ['/metrics', '/locations/5', '/.env', '/health']) {
      const answer = await rawRequest(server.origin, path, { accept: '*/*' })
      expect(answer.status, path).toBe(404)
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8')
    }
    const navigation = await rawRequest(server.origin, '/locations/5', { accept: 'text/html,*/*;q=0.8' })
    expect(navigation.status).toBe(200)
    expect(navigation.body.toString()).toContain('<div id="root">')
  })

  it('gives a navigation with malformed percent-encoding the app, which shows its own not-found page', async () => {
    const answer = await rawRequest(server.origin, '/locations/%E0%A4%A', { accept: 'text/html' })
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toContain('<div id="root">')
  })

  it('gives a navigation with dot segments outside /v1 the app, and anything else a JSON 404', async () => {
    for (const path of ['/foo/%2e%2e', '/foo/%2E%2E/bar', '/locations/..%2f..', '/foo/.%2e']) {
      const navigation = await rawRequest(server.origin, path, { accept: 'text/html' })
      expect(navigation.status, path).toBe(200)
      expect(navigation.body.toString(), path).toContain('<div id="root">')
      const other = await rawRequest(server.origin, path, { accept: '*/*' })
      expect(other.status, path).toBe(404)
      expect(other.headers['content-type'], path).toBe('application/json; charset=utf-8')
    }
  })
})
