import { connect } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fakeBuiltApp, parseLog, rawExchange, serveForTests } from '../test/server'

// With the explorer mounted, so odd paths also reach static files and the app's fallback.
const server = serveForTests({ rateLimit: 0, hosting: { staticDir: fakeBuiltApp() } })

/** Sends raw bytes as the request line's target, so nothing is normalised on the way; returns the status. */
async function rawStatus(target: string, method = 'GET'): Promise<number> {
  const { host } = new URL(server.origin)
  const answer = await rawExchange(
    server.origin,
    `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n${AUTH}Connection: close\r\n\r\n`,
  )
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
}

const AUTH = 'Authorization: Bearer catalogue-demo-key\r\n'

describe('requests that never reach a route', () => {
  it.each([
    [
      'a raw non-ASCII byte in the address',
      'GET /v1/locations?name=\xe9 HTTP/1.1\r\nHost: a\r\n',
      400,
      /percent-encoded ASCII/,
    ],
    [
      'a method Node does not know',
      'FOO /v1/locations HTTP/1.1\r\nHost: a\r\n',
      405,
      /Only GET, HEAD and OPTIONS/,
    ],
    ['another HTTP version', 'GET /v1/locations HTTP/9.9\r\nHost: a\r\n', 400, /not valid HTTP/],
    [
      'a malformed Content-Length',
      'GET /v1/locations HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n',
      400,
      /not valid HTTP/,
    ],
    [
      'headers over 16 KiB',
      `GET /v1/locations HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(20_000)}\r\n`,
      431,
      /too long/,
    ],
    ['HTTP/1.1 without Host', 'GET /v1/locations/1 HTTP/1.1\r\n', 400, /Host header/],
    [
      'an Expect the service cannot meet',
      'GET /v1/locations/1 HTTP/1.1\r\nHost: a\r\nExpect: wings\r\n',
      417,
      /Expect/,
    ],
    ['CONNECT', 'CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n', 405, /Only GET, HEAD and OPTIONS/],
  ])('%s: a JSON error with CORS and a log line', async (_, head, status, message) => {
    const logged = server.logs.length
    const answer = await rawExchange(server.origin, `${head}${AUTH}Connection: close\r\n\r\n`)
    const [statusLine = '', ...headerLines] = answer.slice(0, answer.indexOf('\r\n\r\n')).split('\r\n')
    const headers = new Map(
      headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    )
    expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(headers.get('access-control-allow-origin')).toBe('*')
    expect(headers.get('cache-control')).toBe('no-store')
    if (status === 405) expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: string }
    expect(body.error).toMatch(message)
    await expect
      .poll(() => parseLog(server.logs.slice(logged)).some((entry) => entry.status === status))
      .toBe(true)
  })

  it.each([
    ['a malformed header', `${'k3y-in-a-later-packet'}\r\nNot a header\r\n\r\n`],
    ['headers over 16 KiB', `${'k3y-in-a-later-packet'}\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`],
  ])('logs no header value when %s arrives in a later packet than the request line', async (_, rest) => {
    const logged = server.logs.length
    const { port, hostname } = new URL(server.origin)
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        // The request line and the start of the headers first; the key opens the packet Node then refuses.
        socket.write('GET /v1/locations HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ')
        setTimeout(() => socket.write(rest), 50)
      })
      socket.on('data', () => undefined)
      socket.on('close', () => resolve())
      socket.on('error', reject)
    })
    await expect.poll(() => server.logs.length).toBeGreaterThan(logged)
    const lines = server.logs.slice(logged)
    expect(lines.join('\n')).not.toContain('k3y-in-a-later-packet')
    expect(
      parseLog(lines).some(
        (entry) =>
          entry.method === '-' && entry.path === '-' && (entry.status === 400 || entry.status === 431),
      ),
    ).toBe(true)
  })

  it('serves HTTP/1.0 without Host, with addresses on the address it was reached at', async () => {
    const answer = await rawExchange(server.origin, `GET /v1/locations/1 HTTP/1.0\r\n${AUTH}\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    const { port } = new URL(server.origin)
    expect(answer).toContain(`"url":"http://localhost:${port}/v1/locations/1"`)
  })
})

describe('odd requests', { timeout: 60_000 }, () => {
  it('never answer with a 5xx, whatever the path and query hold', async () => {
    const pieces = fc.constantFrom(
      '/v1/locations',
      '/v1/episodes/',
      '/v1/locations/',
      '/v1/episodes/[',
      '/v1/',
      '/',
      '/assets/',
      '/assets/index-Ab12Cd34.js',
      '/robots.txt',
      '/locations',
      '%',
      '%zz',
      '%E2%82',
      '%00',
      '..',
      '//',
      '?',
      '&',
      '=',
      'page=',
      'name=',
      '[',
      ']',
      ',',
      '#',
      '+',
      'é',
      ' ',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS'),
        async (parts, method) => {
          const target = `/${parts.join('')}`
          const status = await rawStatus(target.replaceAll(' ', '%20'), method)
          expect(status, `${method} ${target}`).toBeGreaterThanOrEqual(200)
          expect(status, `${method} ${target}`).toBeLessThan(500)
        },
      ),
      { numRuns: 150 },
    )
  })
})
