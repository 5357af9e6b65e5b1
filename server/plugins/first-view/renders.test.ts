import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FirstViewEntry } from '../../../src/catalogue'
import * as entry from '../../../src/entry-server'
import { buildApp } from '../../app'
import { createStore } from '../../dataset/store'
import { fakeBuiltApp, rawRequest, serveForTests, shippedDataset } from '../../test/server'
import { type LoadedFirstView, loadFirstView } from './first-view'

type Render = FirstViewEntry['renderFirstView']
/** The built entry with another render: the same matcher, so the same routes are rendered. */
const withRender = (render: Render): FirstViewEntry => ({
  renderFirstView: render,
  matchesFirstView: entry.matchesFirstView,
  firstViewModules: entry.firstViewModules,
})

const dist = fakeBuiltApp()
/** Polls wait this long: on a loaded machine a request or a thread's start can take seconds. */
const SLOW = { timeout: 10_000 }
const EMPTY_ROOT = '<div id="root"></div>'

async function navigate(origin: string, path: string, headers: Record<string, string> = {}) {
  const answer = await rawRequest(origin, path, { accept: 'text/html', ...headers })
  return { ...answer, text: answer.body.toString('utf8') }
}

/** A render that waits for `open()` before it renders, and notes each address it was asked for. */
function gatedRender() {
  const asked: string[] = []
  let open: () => void = () => undefined
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const render: Render = async (request, source) => {
    asked.push(new URL(request.url).pathname + new URL(request.url).search)
    await gate
    return entry.renderFirstView(request, source)
  }
  return { render, asked, open: () => open() }
}

/** Sends a navigation on a connection of its own and leaves it open (for the test to close). */
function navigationLeftOpen(origin: string, path: string): Promise<Socket> {
  const { port, hostname } = new URL(origin)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/html\r\n\r\n`)
      resolve(socket)
    })
    socket.on('error', () => undefined)
  })
}

const connections = (server: {
  app: { server: { getConnections(cb: (e: unknown, n: number) => void): void } }
}) => new Promise<number>((resolve) => server.app.server.getConnections((_error, count) => resolve(count)))

describe('renders whose visitor has gone', { timeout: 30_000 }, () => {
  const gated = gatedRender()
  const server = serveForTests({
    hosting: { staticDir: dist, firstView: withRender(gated.render) },
    renderLimits: { concurrency: 1 },
  })

  it('are dropped while they wait, never rendered', async () => {
    const first = navigate(server.origin, '/locations?page=2')
    await expect.poll(() => gated.asked, SLOW).toEqual(['/locations?page=2'])
    const leaving = await Promise.all(
      [3, 4, 5, 6, 7].map((page) => navigationLeftOpen(server.origin, `/locations?page=${page}`)),
    )
    await expect.poll(() => connections(server), SLOW).toBe(6)
    for (const socket of leaving) socket.destroy()
    await expect.poll(() => connections(server), SLOW).toBe(1)
    gated.open()
    expect((await first).text).not.toContain(EMPTY_ROOT)
    expect((await navigate(server.origin, '/locations?page=8')).text).not.toContain(EMPTY_ROOT)
    expect(gated.asked).toEqual(['/locations?page=2', '/locations?page=8'])
  })
})

describe('renders beyond what the service renders at once and keeps waiting', { timeout: 30_000 }, () => {
  const gated = gatedRender()
  const server = serveForTests({
    hosting: { staticDir: dist, firstView: withRender(gated.render) },
    renderLimits: { concurrency: 1, queueLength: 0 },
  })

  it('get the app’s index.html at once, and the others their view', async () => {
    const running = navigate(server.origin, '/episodes?page=2')
    await expect.poll(() => gated.asked, SLOW).toHaveLength(1)
    const beyond = await navigate(server.origin, '/locations?page=2')
    expect(beyond.status).toBe(200)
    expect(beyond.text).toContain(EMPTY_ROOT)
    gated.open()
    expect((await running).text).not.toContain(EMPTY_ROOT)
    expect(gated.asked).toEqual(['/episodes?page=2'])
  })
})

describe('a render that never settles', { timeout: 30_000 }, () => {
  const never: Render = () => new Promise(() => undefined)
  const server = serveForTests({
    hosting: { staticDir: dist, firstView: withRender(never) },
    renderLimits: { deadlineMs: 300 },
  })

  it('has a deadline: the navigation then gets the app’s index.html', async () => {
    const answer = await navigate(server.origin, '/locations/3')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain(EMPTY_ROOT)
  })

  it('does not keep the service from stopping: waiting navigations get the app’s index.html', async () => {
    const asked: string[] = []
    const app = await buildApp({
      store: createStore(shippedDataset),
      rateLimit: 0,
      hosting: {
        staticDir: dist,
        firstView: withRender((request) => {
          asked.push(request.url)
          return new Promise(() => undefined)
        }),
      },
      renderLimits: { concurrency: 1, deadlineMs: 60_000 },
    })
    const origin = await app.listen({ port: 0, host: '127.0.0.1' })
    // Connections that end with their answer: idle keep-alive connections are the shutdown deadline's business.
    const pending = [2, 3, 4].map((page) =>
      navigate(origin, `/episodes?page=${page}`, { connection: 'close' }),
    )
    await expect.poll(() => asked, SLOW).toHaveLength(1)
    await app.close()
    for (const answer of await Promise.all(pending)) expect(answer.text).toContain(EMPTY_ROOT)
  })
})

/**
 * A built server entry of the test's own, run in the render thread: its render asks the service for a
 * location (through `source.fetch`) and shows its name; for `/locations/1` it first keeps its thread busy
 * until the test says so (a file), for `/locations/2` for ever, and for `/locations/5` it renders a failure
 * whose error has fields of its own (as an ApiError has).
 */
function fakeServerEntry(): { file: string; started: string; release: string } {
  const folder = mkdtempSync(join(tmpdir(), 'first-view-thread-'))
  const started = join(folder, 'started')
  const release = join(folder, 'release')
  const file = join(folder, 'entry-server.mjs')
  writeFileSync(
    file,
    `import { existsSync, writeFileSync } from 'node:fs'
export async function renderFirstView(request, source) {
  const path = new URL(request.url).pathname
  if (path === '/locations/1') {
    writeFileSync(${JSON.stringify(started)}, '')
    const end = Date.now() + 20000
    while (!existsSync(${JSON.stringify(release)}) && Date.now() < end) {}
  }
  if (path === '/locations/2') for (;;) {}
  if (path === '/locations/5') {
    class NotThere extends Error {
      constructor() { super('Location not found'); this.name = 'ApiError'; this.kind = 'notFound'; this.status = 404 }
    }
    return { kind: 'page', status: 404, html: '<p>not found</p>', complete: true,
      state: { router: { loaderData: {}, actionData: null, errors: null },
        queries: { queries: [{ queryKey: ['x'], queryHash: 'x', state: { status: 'error', error: new NotThere() } }], mutations: [] },
        requests: [], locale: 'en-GB', frame: false } }
  }
  const answer = await source.fetch('/v1/locations/3', { headers: { authorization: 'Bearer ' + source.demoKey } })
  const record = await answer.json()
  return { kind: 'page', status: 200, html: '<p>' + record.name + '</p>', complete: true,
    state: { router: { loaderData: {}, actionData: null, errors: null }, queries: { queries: [], mutations: [] },
      requests: [], locale: 'en-GB', frame: false } }
}
export const matchesFirstView = (url) => url.startsWith('/locations/')
`,
  )
  return { file, started, release }
}

describe('renders in their own thread', { timeout: 30_000 }, () => {
  const entry = fakeServerEntry()
  let loaded: LoadedFirstView | null = null
  beforeAll(async () => {
    loaded = await loadFirstView(entry.file)
  })
  afterAll(() => loaded?.close())
  const server = serveForTests({
    hosting: {
      staticDir: dist,
      firstView: withRender((request, source) =>
        (loaded as LoadedFirstView).entry.renderFirstView(request, source),
      ),
    },
    renderLimits: { deadlineMs: 3_000 },
  })
  const name = shippedDataset.locations.find(({ id }) => id === 3)?.name ?? ''

  it('keep the API answering while a render keeps its thread busy', async () => {
    const rendering = navigate(server.origin, '/locations/1')
    await expect.poll(() => existsSync(entry.started), SLOW).toBe(true)
    const order: string[] = []
    const api = server.get('/v1/locations/7').then((response) => {
      order.push('api')
      return response
    })
    const page = rendering.then((answer) => {
      order.push('page')
      return answer
    })
    expect((await api).status).toBe(200)
    writeFileSync(entry.release, '')
    expect((await page).text).toContain(`<p>${name}</p>`)
    expect(order).toEqual(['api', 'page'])
  })

  it('carry a failure into the page as JSON writes it, its own fields kept for the browser to revive', async () => {
    const answer = await navigate(server.origin, '/locations/5')
    expect(answer.status).toBe(404)
    expect(answer.text).toContain('"error":{"name":"ApiError","kind":"notFound","status":404}')
  })

  it('end a thread whose render runs on past its deadline, and render again in a new one', async () => {
    const stuck = await navigate(server.origin, '/locations/2')
    expect(stuck.text).toContain(EMPTY_ROOT)
    expect((await server.get('/v1/locations/7')).status).toBe(200)
    await expect
      .poll(async () => (await navigate(server.origin, '/locations/4')).text, { timeout: 15_000 })
      .toContain(`<p>${name}</p>`)
  })
})
