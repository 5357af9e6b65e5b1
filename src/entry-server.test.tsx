import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { buildApp } from '../server/app'
import { DEFAULT_DATASET_PATH, DEMO_KEY } from '../server/config'
import { loadDataset } from '../server/dataset/load'
import { createStore } from '../server/dataset/store'
import { type FirstView, FirstViewStateSchema, PAGE_SIZE } from './catalogue'
import { matchesFirstView, renderFirstView } from './entry-server'
import { locationQueries } from './features/locations/queries'

// This file runs in Node's environment: no window, document, localStorage or Worker. The route tree, its
// loaders and pages must import and render without them.
const dataset = loadDataset(DEFAULT_DATASET_PATH)
let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp({ store: createStore(dataset), rateLimit: 0 })
})
afterAll(async () => {
  await app.close()
})

/** The service's API, asked in process: what the service's own render of the first view will use. */
const inProcess: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: Object.fromEntries(new Headers(init?.headers)),
  })
  return new Response(answer.body, { status: answer.statusCode })
}

async function pageAt(
  path: string,
  views = false,
  fetchImpl: typeof fetch = inProcess,
): Promise<Extract<FirstView, { kind: 'page' }>> {
  const view = await renderFirstView(new Request(`http://explorer.test${path}`), {
    fetch: fetchImpl,
    demoKey: DEMO_KEY,
    views,
  })
  if (view.kind !== 'page') throw new Error(`${path} was not rendered: ${view.kind} to ${view.location}`)
  return view
}

/** Text as React writes it in HTML. */
const inHtml = (text = '') =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** What the JSON script element will carry. */
const stateOf = (view: Extract<FirstView, { kind: 'page' }>) => JSON.stringify(view.state)

/** The dehydrated queries of a view, as far as these tests read them (the contract carries them unread). */
const DehydratedQueries = z.object({
  queries: z.array(z.object({ queryKey: z.array(z.unknown()), state: z.object({ status: z.string() }) })),
})

describe('the first view rendered by the service', () => {
  it('imports and renders with no browser globals', () => {
    expect(typeof globalThis.window).toBe('undefined')
    expect(typeof globalThis.localStorage).toBe('undefined')
    expect(typeof globalThis.Worker).toBe('undefined')
  })

  it('holds a list’s first page of rows, and the cache the browser starts from', async () => {
    const view = await pageAt('/locations')
    expect(view.status).toBe(200)
    for (const { name } of dataset.locations.slice(0, PAGE_SIZE)) expect(view.html).toContain(inHtml(name))
    expect(view.html).not.toContain(inHtml(dataset.locations[PAGE_SIZE]?.name))
    expect(view.html).toContain(`1–${PAGE_SIZE} of ${dataset.locations.length} locations`)
    const cached = DehydratedQueries.parse(view.state.queries).queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(locationQueries.keys.list('', {}, 1)),
    )
    expect(cached?.state.status).toBe('success')
  })

  it('holds a later page’s rows and a record', async () => {
    const later = await pageAt('/episodes?page=2')
    expect(later.html).toContain(inHtml(dataset.episodes[PAGE_SIZE]?.name))
    const record = await pageAt('/locations/3')
    expect(record.html).toContain(inHtml(dataset.locations.find(({ id }) => id === 3)?.name))
  })

  it('holds the heading’s count of the whole catalogue on a filtered later page too', async () => {
    const view = await pageAt('/locations?name=e&page=2')
    expect(view.html).toContain(`${dataset.locations.length} locations in the catalogue`)
  })

  it('carries no key and no script, in the HTML or in the state', async () => {
    for (const path of ['/locations', '/locations/3', '/locations/1,2', '/episodes?name=a']) {
      const view = await pageAt(path)
      expect(view.html).not.toContain(DEMO_KEY)
      expect(stateOf(view)).not.toContain(DEMO_KEY)
      expect(view.html).not.toMatch(/<script/i)
    }
  })

  it('writes dates in the locale the request asks for, in UTC', async () => {
    const record = dataset.locations[2]
    const view = await renderFirstView(
      new Request(`http://explorer.test/locations/${record?.id}`, {
        headers: { 'accept-language': 'ja-JP' },
      }),
      { fetch: inProcess, demoKey: DEMO_KEY },
    )
    if (view.kind !== 'page') throw new Error('not rendered')
    expect(view.state.locale).toBe('ja-JP')
    const created = new Intl.DateTimeFormat('ja-JP', {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'UTC',
    })
    expect(view.html).toContain(created.format(new Date(record?.created ?? '')))
  })

  it('answers an address its loader corrects with the corrected address', async () => {
    const view = await renderFirstView(new Request('http://explorer.test/locations?page=0'), {
      fetch: inProcess,
      demoKey: DEMO_KEY,
    })
    expect(view).toEqual({ kind: 'redirect', status: 302, location: '/locations' })
  })

  it('renders the page a loader shows for a record that does not exist', async () => {
    const view = await pageAt('/locations/999999')
    expect(view.html).toContain('Location not found')
  })

  it('is the same whichever of a page’s requests the service answers first', async () => {
    // A later page asks for the first page too; on a busy service either answer may come back first.
    const answeringFirst =
      (first: string): typeof fetch =>
      async (input, init) => {
        const answer = await inProcess(input, init)
        if (!String(input).endsWith(first)) await new Promise((resolve) => setTimeout(resolve, 50))
        return answer
      }
    const render = (first: string) =>
      renderFirstView(new Request('http://explorer.test/episodes?page=2'), {
        fetch: answeringFirst(first),
        demoKey: DEMO_KEY,
      })
    const pageOneFirst = await render('/v1/episodes/')
    const pageTwoFirst = await render('/v1/episodes/?page=2')
    expect(pageTwoFirst.kind === 'page' && pageTwoFirst.state.requests.length).toBe(2)
    expect(JSON.stringify(pageTwoFirst)).toBe(JSON.stringify(pageOneFirst))
  })

  it('hands back the state the contract describes: each request in its plain fields only', async () => {
    const view = await pageAt('/locations?name=a')
    expect(FirstViewStateSchema.safeParse(view.state).success).toBe(true)
    expect(view.state.requests.length).toBeGreaterThan(0)
    for (const request of view.state.requests)
      expect(Object.keys(request).sort()).toEqual(['base', 'body', 'durationMs', 'path', 'size', 'status'])
    expect(view.state.frame).toBe(false)
  })
})

describe('the first view of a data tool’s address (contract §12)', () => {
  const address = '/locations?_sort_desc=residents&type__exact=Planet'
  const planets = dataset.locations
    .filter((location) => location.type === 'Planet')
    .sort((a, b) => b.residents.length - a.residents.length || a.id - b.id)
  const at = (html: string, name: string) => html.replaceAll('<!-- -->', '').indexOf(`>${inHtml(name)}<`)

  it('holds the view’s rows in its order and its facets’ counts, from a service that answers views', async () => {
    const view = await pageAt(address, true)
    const order = planets.slice(0, PAGE_SIZE).map(({ name }) => at(view.html, name))
    expect(order.every((index) => index > 0)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(view.html.replaceAll('<!-- -->', '')).toContain(
      `Planet</span><span class="facet-count"> (${planets.length})`,
    )
    expect(view.html).toContain('Counted by the catalogue service.')
    expect(view.state.views).toBe(true)
    expect(view.complete).toBe(true)
  })

  it('says the view needs the index when the service does not answer views', async () => {
    const view = await pageAt(address, false)
    expect(at(view.html, planets[0]?.name ?? '')).toBe(-1)
    expect(view.html).toContain('answered by the catalogue index')
    expect(view.state.views).toBe(false)
  })

  it('is rendered but not kept when a facet was not counted in time', async () => {
    const slow = await buildApp({ store: createStore(dataset), rateLimit: 0, views: { facetTimeLimitMs: 0 } })
    try {
      const fetchSlow: typeof fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        const headers = Object.fromEntries(new Headers(init?.headers))
        const answer = await slow.inject({ method: 'GET', url, headers })
        return new Response(answer.body, { status: answer.statusCode })
      }
      const view = await pageAt(address, true, fetchSlow)
      expect(at(view.html, planets[0]?.name ?? '')).toBeGreaterThan(0)
      expect(view.html).toContain('(not counted)')
      expect(view.complete).toBe(false)
    } finally {
      await slow.close()
    }
  })
})

describe('the addresses the service renders first', () => {
  it.each([
    '/locations',
    '/locations?name=earth&page=2',
    '/locations/7',
    '/locations/1,5,9',
    '/episodes',
    '/episodes/?page=3',
    '/episodes/3',
  ])('%s: a list or a record, whose route is marked', (url) => {
    expect(matchesFirstView(url)).toBe(true)
  })

  it.each(['/characters/1', '/characters/1,2', '/insights'])(
    '%s: a character, a comparison or the insights, which a service that answers characters renders',
    (url) => {
      expect(matchesFirstView(url)).toBe(true)
    },
  )

  it.each([
    '/',
    '/characters',
    '/search?q=earth',
    '/api',
    '/settings',
    '/locations/1/2',
    '/locationsx',
    '/nowhere',
  ])('not %s', (url) => {
    expect(matchesFirstView(url)).toBe(false)
  })
})
