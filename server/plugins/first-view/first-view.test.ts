import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  CHOSEN_CONNECTION_COOKIE,
  FIRST_VIEW_STATE_ID,
  type FirstViewEntry,
  PAGE_SIZE,
} from '../../../src/catalogue'
import * as entry from '../../../src/entry-server'
import { DEMO_KEY } from '../../config'
import { createStore } from '../../dataset/store'
import { RenderAllowance } from '../../http/render-allowance'
import { FAKE_STYLESHEET, fakeBuiltApp, rawRequest, serveForTests, shippedDataset } from '../../test/server'
import { loadFirstView, pageWith } from './first-view'

const { renderFirstView } = entry
/** The built entry with another render: the same matcher, so the same routes are rendered. */
const withRender = (render: FirstViewEntry['renderFirstView']): FirstViewEntry => ({
  renderFirstView: render,
  matchesFirstView: entry.matchesFirstView,
  firstViewModules: entry.firstViewModules,
})

const dist = fakeBuiltApp()
const EMPTY_ROOT = '<div id="root"></div>'
/** One render a second, burst 4, on a clock that stands still: what is spent stays spent however slow the machine. */
const stillAllowance = () => new RenderAllowance(1, () => 0)

/** Text as React writes it in HTML. */
const inHtml = (text = '') =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** Every script element of a page, as written. */
const scriptsOf = (html: string) => html.match(/<script\b[^>]*>/gi) ?? []

async function navigate(origin: string, path: string) {
  const answer = await rawRequest(origin, path, { accept: 'text/html' })
  return { ...answer, text: answer.body.toString('utf8') }
}

describe('the first view of a list or record navigation, in demo mode', () => {
  const server = serveForTests({ hosting: { staticDir: dist, firstView: entry } })
  const plain = serveForTests({ hosting: { staticDir: dist } })

  it('holds a list’s first page of rows in the HTML', async () => {
    const answer = await navigate(server.origin, '/locations')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.headers['cache-control']).toBe('no-cache')
    for (const { name } of shippedDataset.locations.slice(0, PAGE_SIZE))
      expect(answer.text).toContain(inHtml(name))
    expect(answer.text).toContain(`1–${PAGE_SIZE} of ${shippedDataset.locations.length} locations`)
  })

  it('holds a later page and a record', async () => {
    const later = await navigate(server.origin, '/episodes?page=2')
    expect(later.text).toContain(inHtml(shippedDataset.episodes[PAGE_SIZE]?.name))
    const record = await navigate(server.origin, '/locations/3')
    expect(record.text).toContain(inHtml(shippedDataset.locations.find(({ id }) => id === 3)?.name))
  })

  it('answers each navigation once: no second answer is attempted after the rendered or cached page', async () => {
    await navigate(server.origin, '/locations?page=4')
    await navigate(server.origin, '/locations?page=4')
    expect(server.logs.filter((line) => line.includes('already sent'))).toEqual([])
  })

  it('carries the app’s stylesheet in the page, so its first paint waits for no other file', async () => {
    const css = readFileSync(join(dist, 'assets', FAKE_STYLESHEET), 'utf8')
    const rendered = await navigate(server.origin, '/locations/2')
    expect(rendered.text).toContain(`<style>${css}</style>`)
    expect(rendered.text).not.toMatch(/<link[^>]*stylesheet/)
    // The app's own index.html (the service worker's shell) keeps the link: the file is cached there.
    const shell = await navigate(plain.origin, '/locations/2')
    expect(shell.text).toContain(`href="/assets/${FAKE_STYLESHEET}"`)
    expect(shell.text).not.toContain('<style>')
  })

  it('builds the records’ addresses from the address the visitor used', async () => {
    const answer = await navigate(server.origin, '/locations')
    expect(answer.text).toContain(`${server.origin}/v1/locations/1`)
  })

  it('carries no key, and no script but the app’s own and the JSON state', async () => {
    for (const path of ['/locations', '/locations/3', '/locations/1,2', '/episodes?name=a']) {
      const answer = await navigate(server.origin, path)
      expect(answer.text, path).not.toContain(DEMO_KEY)
      expect(scriptsOf(answer.text), path).toEqual([
        `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">`,
      ])
    }
  })

  it('sends the same Content-Security-Policy as the app without a first view', async () => {
    const rendered = await navigate(server.origin, '/locations')
    const unrendered = await navigate(plain.origin, '/locations')
    expect(rendered.text).not.toContain(EMPTY_ROOT)
    expect(unrendered.text).toContain(EMPTY_ROOT)
    expect(rendered.headers['content-security-policy']).toBe(unrendered.headers['content-security-policy'])
    expect(String(rendered.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/)
  })

  it('writes its dates in the visitor’s language, and tells the browser which', async () => {
    const answer = await rawRequest(server.origin, '/episodes', {
      accept: 'text/html',
      'accept-language': 'de-DE,de;q=0.9',
    })
    const text = answer.body.toString('utf8')
    const first = shippedDataset.episodes[0]
    const airDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${first?.air_date} UTC`),
    )
    expect(text).toContain(airDate)
    expect(text).toContain('"locale":"de-DE"')
  })

  it('redirects an address its loader corrects', async () => {
    const answer = await navigate(server.origin, '/locations?page=0')
    expect(answer.status).toBe(302)
    expect(answer.headers.location).toBe('/locations')
  })

  it('renders a character’s page and the insights with the service’s answers (contract §13)', async () => {
    const [episode] = shippedDataset.episodes
    const character = episode?.characters[0]
    const page = await navigate(server.origin, `/characters/${character}`)
    expect(page.text).not.toContain(EMPTY_ROOT)
    expect(page.text).toContain(`Character #${character}`)
    expect(page.text).toContain(inHtml(episode?.name))
    expect(page.text).toContain('"characters":true')
    const insights = await navigate(server.origin, '/insights')
    expect(insights.text).toContain('Characters by number of episodes')
    expect(insights.text).toContain('counted by its service')
  })

  it('leaves other pages to the app', async () => {
    for (const path of ['/', '/settings', '/characters', '/search?q=earth']) {
      const answer = await navigate(server.origin, path)
      expect(answer.text, path).toContain(EMPTY_ROOT)
    }
  })
})

/** What a frame must hold, and not: the page's heading and form, no row, no key, no script but the state. */
function expectFrame(text: string, path: string) {
  expect(text, path).not.toContain(EMPTY_ROOT)
  expect(text, path).toContain('<h1')
  for (const { name } of shippedDataset.locations.slice(0, 3)) expect(text, path).not.toContain(inHtml(name))
  expect(text, path).not.toContain(DEMO_KEY)
  expect(text, path).toContain('"frame":true')
  expect(scriptsOf(text), path).toEqual([`<script type="application/json" id="${FIRST_VIEW_STATE_ID}">`])
}

describe('the first view behind a proxy the service trusts', () => {
  const server = serveForTests({
    trustProxy: '127.0.0.1',
    hosting: { staticDir: dist, firstView: entry },
  })

  it('builds every address from the public base the proxy forwarded, as the API does for that visitor', async () => {
    const forwarded = {
      accept: 'text/html',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'catalogue.example.com',
      'x-forwarded-for': '203.0.113.9',
    }
    for (const path of ['/locations', '/episodes/1,2', '/locations/3']) {
      const text = (await rawRequest(server.origin, path, forwarded)).body.toString('utf8')
      expect(text, path).toContain('https://catalogue.example.com/v1/')
      expect(text, path).not.toContain(server.origin)
    }
  })
})

describe('the first view with keys configured', () => {
  const KEY = 'a-key-long-enough-1234'
  const server = serveForTests({ apiKeys: [KEY], hosting: { staticDir: dist, firstView: entry } })
  const plain = serveForTests({ apiKeys: [KEY], hosting: { staticDir: dist } })

  it('is the page’s frame: heading and filter form with the address’s values, no rows, no key', async () => {
    for (const path of ['/locations', '/locations?name=Earth&page=2', '/locations/3', '/episodes/1,2']) {
      const answer = await navigate(server.origin, path)
      expect(answer.status, path).toBe(200)
      expectFrame(answer.text, path)
      expect(answer.text, path).not.toContain(KEY)
    }
    const filtered = await navigate(server.origin, '/locations?name=Earth')
    expect(filtered.text).toMatch(/<input[^>]*value="Earth"/)
  })

  it('sends the same Content-Security-Policy as the app without a first view', async () => {
    const rendered = await navigate(server.origin, '/locations')
    const unrendered = await navigate(plain.origin, '/locations')
    expect(rendered.headers['content-security-policy']).toBe(unrendered.headers['content-security-policy'])
  })
})

describe('the first view for a browser that uses a connection chosen in Settings', () => {
  const server = serveForTests({ hosting: { staticDir: dist, firstView: entry } })
  const cookie = `${CHOSEN_CONNECTION_COOKIE.name}=${CHOSEN_CONNECTION_COOKIE.value}`

  it('is the page’s frame, none of the site’s own rows', async () => {
    for (const path of ['/locations', '/episodes?page=2', '/locations/3']) {
      const answer = await rawRequest(server.origin, path, { accept: 'text/html', cookie: `a=1; ${cookie}` })
      expect(answer.status, path).toBe(200)
      expectFrame(answer.body.toString('utf8'), path)
    }
  })

  it('holds the rows again once the cookie is gone', async () => {
    const answer = await navigate(server.origin, '/locations')
    expect(answer.text).toContain(inHtml(shippedDataset.locations[0]?.name))
  })
})

describe('first views already rendered', () => {
  const renders: string[] = []
  const counting: FirstViewEntry['renderFirstView'] = (request, source) => {
    renders.push(new URL(request.url).pathname + new URL(request.url).search)
    return renderFirstView(request, source)
  }
  const server = serveForTests({ hosting: { staticDir: dist, firstView: withRender(counting) } })

  it('are sent again without a render, for the same address, locale, base and service only', async () => {
    const first = await navigate(server.origin, '/locations?page=3')
    const again = await navigate(server.origin, '/locations?page=3')
    expect(again.text).toBe(first.text)
    expect(renders).toEqual(['/locations?page=3'])
    const cookie = `${CHOSEN_CONNECTION_COOKIE.name}=${CHOSEN_CONNECTION_COOKIE.value}`
    await rawRequest(server.origin, '/locations?page=3', { accept: 'text/html', 'accept-language': 'de' })
    await rawRequest(server.origin, '/locations?page=3', { accept: 'text/html', cookie })
    await rawRequest(server.origin, '/locations?page=3', { accept: 'text/html', host: 'other.test' })
    expect(renders).toHaveLength(4)
  })

  it('are rendered again once the dataset is replaced', async () => {
    await navigate(server.origin, '/episodes')
    const before = renders.length
    server.app.catalogue.replace(createStore(shippedDataset))
    await navigate(server.origin, '/episodes')
    expect(renders).toHaveLength(before + 1)
  })

  it('say that they differ with the language, the cookie and what was asked for', async () => {
    const answer = await navigate(server.origin, '/locations')
    expect(answer.headers.vary).toMatch(/Accept-Language/)
    expect(answer.headers.vary).toMatch(/Cookie/)
  })
})

describe('first views on the wire', () => {
  const server = serveForTests({ hosting: { staticDir: dist, firstView: entry } })

  it('are compressed for a browser that accepts it, rendered or from the cache, and plain otherwise', async () => {
    const plain = await navigate(server.origin, '/locations?page=5')
    expect(plain.headers['content-encoding']).toBeUndefined()
    for (const [encoding, decode, rendered] of [
      ['br', brotliDecompressSync, '/episodes?page=2'],
      ['gzip', gunzipSync, '/episodes?page=3'],
    ] as const) {
      for (const path of ['/locations?page=5', rendered]) {
        const answer = await rawRequest(server.origin, path, {
          accept: 'text/html',
          'accept-encoding': encoding,
        })
        expect(answer.headers['content-encoding'], path).toBe(encoding)
        expect(answer.body.length, path).toBeLessThan(plain.body.length / 3)
        const page = decode(answer.body).toString('utf8')
        if (path.startsWith('/locations')) expect(page).toBe(plain.text)
        expect(answer.headers.vary, path).toMatch(/Accept-Encoding/)
      }
    }
  })

  it('are revalidated by their ETag: a page the browser holds already is answered 304, with no body', async () => {
    const first = await navigate(server.origin, '/locations/4')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await rawRequest(server.origin, '/locations/4', {
      accept: 'text/html',
      'if-none-match': etag,
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const other = await rawRequest(server.origin, '/locations/5', {
      accept: 'text/html',
      'if-none-match': etag,
    })
    expect(other.status).toBe(200)
  })
})

describe('first views of the same data', () => {
  const options = {
    publicUrl: 'https://catalogue.example.com',
    hosting: { staticDir: dist, firstView: entry },
  }
  const one = serveForTests(options)
  const another = serveForTests(options)

  it('are the same bytes, with the same ETag, whichever replica or render made them', async () => {
    for (const path of [
      '/locations',
      '/episodes?page=2',
      '/locations/3',
      '/episodes/1,2',
      '/locations/99999',
    ]) {
      const first = await navigate(one.origin, path)
      const second = await navigate(another.origin, path)
      // The same dataset read again: the cache is emptied, and the view rendered anew.
      one.app.catalogue.replace(createStore(shippedDataset))
      const again = await navigate(one.origin, path)
      expect(second.text, path).toBe(first.text)
      expect(again.text, path).toBe(first.text)
      expect(second.headers.etag, path).toBe(first.headers.etag)
      expect(again.headers.etag, path).toBe(first.headers.etag)
    }
  })
})

describe('the renders an address may ask for', () => {
  // 1 page a second, in bursts of 4, with no rate limit on the API: the allowance is the renders' own.
  const server = serveForTests({
    renderAllowance: stillAllowance(),
    hosting: { staticDir: dist, firstView: entry },
  })
  const KEY = 'a-key-long-enough-1234'
  const keyed = serveForTests({
    apiKeys: [KEY],
    renderAllowance: stillAllowance(),
    hosting: { staticDir: dist, firstView: entry },
  })

  it('count against an allowance of their own for that address; once spent, the app’s page answers', async () => {
    const rendered = []
    for (const page of [2, 3, 4, 5]) rendered.push(await navigate(server.origin, `/locations?page=${page}`))
    for (const answer of rendered) expect(answer.text).not.toContain(EMPTY_ROOT)
    const spent = await navigate(server.origin, '/locations?page=6')
    expect(spent.status).toBe(200)
    expect(spent.text).toContain(EMPTY_ROOT)
    // The API's own limit is another matter (off here): its answers go on.
    expect((await server.get('/v1/locations')).status).toBe(200)
    // What was rendered already costs nothing.
    expect((await navigate(server.origin, '/locations?page=2')).text).toBe(rendered[0]?.text)
  })

  it('hold with keys configured and no rate limit too', async () => {
    for (const page of [2, 3, 4, 5]) {
      expect((await navigate(keyed.origin, `/episodes?page=${page}`)).text).not.toContain(EMPTY_ROOT)
    }
    expect((await navigate(keyed.origin, '/episodes?page=6')).text).toContain(EMPTY_ROOT)
  })
})

describe('what a comparison costs its address', () => {
  const server = serveForTests({
    renderAllowance: stillAllowance(),
    hosting: { staticDir: dist, firstView: entry },
  })

  it('counts a comparison by the records it shows: one page of allowance per 20', async () => {
    const ids = Array.from({ length: 80 }, (_, index) => index + 1).join(',')
    expect((await navigate(server.origin, `/locations/${ids}`)).text).not.toContain(EMPTY_ROOT)
    // 80 records are 4 pages: the whole burst.
    expect((await navigate(server.origin, '/locations/1')).text).toContain(EMPTY_ROOT)
  })
})

describe('what a large page costs its address', () => {
  const big = `<p>${'x'.repeat(200 * 1024)}</p>`
  const sized: FirstViewEntry['renderFirstView'] = async (request, source) => {
    const view = await renderFirstView(request, source)
    return view.kind === 'page' && new URL(request.url).pathname === '/episodes/2'
      ? { ...view, html: big }
      : view
  }
  const server = serveForTests({
    renderAllowance: stillAllowance(),
    hosting: { staticDir: dist, firstView: withRender(sized) },
  })

  it('counts a page by its size too: one page of allowance per 64 KiB', async () => {
    expect((await navigate(server.origin, '/episodes/2')).text).toContain(big)
    // 200 KiB of HTML cost 4 pages of allowance: nothing is left of the burst.
    expect((await navigate(server.origin, '/episodes/3')).text).toContain(EMPTY_ROOT)
  })
})

describe('a first view that cannot be rendered', () => {
  const failing: FirstViewEntry['renderFirstView'] = () => Promise.reject(new Error('broken build'))
  const server = serveForTests({ hosting: { staticDir: dist, firstView: withRender(failing) } })

  it('leaves the navigation to the app', async () => {
    const answer = await navigate(server.origin, '/locations')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain(EMPTY_ROOT)
  })
})

describe('the first view’s state in the page', () => {
  it('cannot close its script element, whatever the records say', () => {
    const hostile = '</script><script>alert(1)</script><!--'
    const page = pageWith('<body><div id="root"></div></body>', {
      kind: 'page',
      status: 200,
      html: '<p>rows</p>',
      state: {
        router: { loaderData: {} },
        queries: { queries: [{ state: { data: { name: hostile } } }] },
        requests: [],
        locale: 'en-GB',
        frame: false,
      },
      complete: true,
    })
    expect(page).not.toBeNull()
    expect(scriptsOf(page ?? '')).toHaveLength(1)
    expect(page).not.toContain(hostile)
    const json = (page ?? '').split(`id="${FIRST_VIEW_STATE_ID}">`)[1]?.split('</script>')[0] ?? ''
    expect(JSON.parse(json).queries.queries[0].state.data.name).toBe(hostile)
  })
})

describe('loading the built server entry', () => {
  it('finds its render and its matcher, and nothing where there is no build or either is missing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'first-view-'))
    const render =
      'export const renderFirstView = async () => ({ kind: "redirect", status: 302, location: "/" })'
    const matcher = 'export const matchesFirstView = (url) => url.startsWith("/things")'
    const good = join(folder, 'good.mjs')
    writeFileSync(good, `${render}\n${matcher}\n`)
    const noMatcher = join(folder, 'no-matcher.mjs')
    writeFileSync(noMatcher, `${render}\n`)
    const other = join(folder, 'other.mjs')
    writeFileSync(other, 'export const somethingElse = 1')
    const loaded = await loadFirstView(good)
    expect(
      await loaded?.entry.renderFirstView(new Request('http://x.test/'), { fetch, demoKey: DEMO_KEY }),
    ).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/',
    })
    expect(loaded?.entry.matchesFirstView('/things/1')).toBe(true)
    expect(loaded?.entry.matchesFirstView('/other')).toBe(false)
    await loaded?.close()
    expect(await loadFirstView(noMatcher)).toBeNull()
    expect(await loadFirstView(other)).toBeNull()
    expect(await loadFirstView(join(folder, 'missing.mjs'))).toBeNull()
  })
})
