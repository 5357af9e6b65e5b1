import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../src/crawler'
import { episode, location } from '../../src/crawler/testing/fake-service'
import { snapshotOf } from '../test/server'
import { runSnapshot } from './main'

const KEY = 'snapshot-hostile-key-0123'
const folder = mkdtempSync(join(tmpdir(), 'catalogue-hostile-'))
const servers: Server[] = []
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  rmSync(folder, { recursive: true, force: true })
})

type Handler = (request: IncomingMessage, response: ServerResponse, origin: string) => void

/** A real HTTP server on loopback that answers as `handler` says; resolves with its origin. */
async function source(handler: Handler): Promise<{ origin: string; requests: string[] }> {
  const requests: string[] = []
  let origin = ''
  const server = createServer((request, response) => {
    requests.push(request.url ?? '')
    handler(request, response, origin)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, requests }
}

/** A well-behaved list page: `count` records of the collection the path names. */
function page(path: string, count: number): string {
  const url = new URL(path, 'http://x')
  const pageNumber = Number(url.searchParams.get('page') ?? '1')
  const make = url.pathname.includes('episodes') ? episode : location
  const results = Array.from(
    { length: Math.max(0, Math.min(20, count - (pageNumber - 1) * 20)) },
    (_, index) => make((pageNumber - 1) * 20 + index + 1),
  )
  return JSON.stringify({
    info: { count, pages: Math.ceil(count / 20), next: null, prev: null },
    results: results.map((record) => ({ ...record, residents: [], characters: [] })),
  })
}

const sendJson = (response: ServerResponse, body: string, headers: Record<string, string> = {}) =>
  response.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body)

/** Pauses pass at once (the crawl's back-off and rate-limit waits). */
function skippingClock(): Clock & { skipped: () => number } {
  let skipped = 0
  return {
    now: () => performance.now() + skipped,
    sleep: async (ms) => {
      skipped += ms
    },
    skipped: () => skipped,
  }
}

async function snapshot(from: string, extra: Partial<Parameters<typeof runSnapshot>[2]> = {}) {
  const out = join(folder, `out-${Math.random().toString(36).slice(2)}.json`)
  let stdout = ''
  let stderr = ''
  const started = performance.now()
  const status = await runSnapshot(
    ['--from', from, '--out', out, '--key', KEY],
    {},
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      clock: skippingClock(),
      ...extra,
    },
  )
  expect(stdout + stderr).not.toContain(KEY)
  return { status, stdout, stderr, written: existsSync(out), seconds: (performance.now() - started) / 1000 }
}

describe('npm run snapshot against a hostile source (contract §11)', { timeout: 30_000 }, () => {
  it('follows a redirect within the --from origin, never one to another origin', async () => {
    const elsewhere = await source((request, response) => sendJson(response, page(request.url ?? '/', 0)))
    const redirecting = await source((request, response, origin) => {
      const url = request.url ?? '/'
      if (url.startsWith('/moved')) return sendJson(response, page(url.slice('/moved'.length), 3))
      const target = url.includes('episodes') ? `${elsewhere.origin}${url}` : `${origin}/moved${url}`
      response.writeHead(url.includes('episodes') ? 302 : 307, { location: target }).end()
    })
    const result = await snapshot(redirecting.origin)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/redirected .* to another origin \(http:\/\/127\.0\.0\.1:\d+\)/)
    expect(elsewhere.requests).toEqual([])
    expect(result.written).toBe(false)
  })

  it('stops with a sentence when info contradicts itself (pages beyond what count allows), without a crash', async () => {
    const lying = await source((request, response) => {
      const body = JSON.parse(page(request.url ?? '/', 20)) as { info: { pages: number } }
      body.info.pages = 1e9
      sendJson(response, JSON.stringify(body))
    })
    const result = await snapshot(lying.origin)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/contradicts itself: 20 records cannot fill 1000000000 pages/)
    expect(lying.requests.length).toBeLessThanOrEqual(2)
    expect(result.written).toBe(false)
  })

  it('stops with a sentence when info contradicts itself (empty pages before the last), after one page', async () => {
    // A count and pages that agree, for a billion pages, each of them empty.
    const empty = await source((_request, response) =>
      sendJson(
        response,
        JSON.stringify({ info: { count: 2e10, pages: 1e9, next: null, prev: null }, results: [] }),
      ),
    )
    const result = await snapshot(empty.origin)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /contradicts itself: page 1 of 1000000000 holds no record, though 20000000000 were counted/,
    )
    expect(empty.requests.length).toBeLessThanOrEqual(2)
    expect(result.written).toBe(false)
  })

  it('stops with a sentence on a page over the size limit, read once and never whole', async () => {
    const huge = await source((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      // 6 MB, without a Content-Length: the limit is checked as the bytes come.
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      let sent = 0
      const more = () => {
        while (sent < 96) {
          sent++
          if (!response.write(chunk)) return void response.once('drain', more)
        }
        response.end()
      }
      more()
    })
    const result = await snapshot(huge.origin)
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/with more than 4 MB, larger than a page can be/)
    expect(huge.requests.length).toBeLessThanOrEqual(2)
    expect(result.written).toBe(false)
  })

  it('gives every request a timeout: a silent source or one sending a byte a second ends with a sentence', async () => {
    const silent = await source(() => undefined)
    const slow = await source((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => response.write(' '), 100)
      response.once('close', () => clearInterval(timer))
    })
    for (const { origin } of [silent, slow]) {
      const result = await snapshot(origin, { limits: { requestTimeoutMs: 300 } })
      expect(result.status).toBe(1)
      expect(result.stderr).toMatch(/did not answer page 1 of (locations|episodes) within 0\.3 s, 5 attempts/)
      expect(result.written).toBe(false)
    }
  })

  it('obeys Retry-After up to its cap, then stops with a sentence instead of waiting for hours', async () => {
    for (const retryAfter of ['99999', '99999999999']) {
      const busy = await source((_request, response) =>
        response
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
          .end('{"error":"Too many requests."}'),
      )
      const result = await snapshot(busy.origin)
      expect(result.status).toBe(1)
      expect(result.stderr).toMatch(
        /asked to wait .* s before the next request \(Retry-After\), longer than the 60 s/,
      )
      expect(result.seconds).toBeLessThan(10)
    }
  })

  it('still writes a whole file from a source that behaves', async () => {
    // 45 locations and 45 episodes; any other collection of the contract, empty.
    const held = (path: string) => (/^\/v1\/(locations|episodes)\b/.test(path) ? 45 : 0)
    const good = await source((request, response) =>
      sendJson(response, page(request.url ?? '/', held(request.url ?? '/'))),
    )
    const result = await snapshot(good.origin)
    expect(result.stderr).not.toMatch(/failed/)
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(
      new RegExp(`^Wrote ${snapshotOf({ locations: 45, episodes: 45 }).holdings}`),
    )
  })
})
