import { EXPLORER_CONFIG_PATH, PAGE_SIZE } from '../../src/catalogue'
import { listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { SHELL_URL } from '../support/servers'

// The app's shell (what the service worker gives a returning visitor): it asks for the page's code and data
// itself. A first view rendered by the service arrives with its rows (first-view.spec.ts).
test.use({ baseURL: SHELL_URL })

/**
 * Chromium opens at most 6 connections to a plain-http origin: a 7th file asked for at once waits until one is
 * free, a whole round trip on a slow network. The first page's rows depend on three rounds: the HTML, what the
 * HTML names (the entry script, its stylesheet, the run-time config), then the page's code with its data.
 */
const CONNECTIONS_PER_ORIGIN = 6

test('the first page asks for its code and data in one round of at most 6 requests, and for its config once', async ({
  page,
}) => {
  const sent: string[] = []
  // How many requests had been sent when the entry script, then the list's data, had arrived.
  let entryArrived = -1
  let dataArrived = -1
  page.on('request', (request) => {
    // Chromium asks for the tab's icon by itself.
    if (new URL(request.url()).pathname !== '/favicon.svg') sent.push(new URL(request.url()).pathname)
  })
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url())
    if (entryArrived === -1 && /^\/assets\/index-[^/]+\.js$/.test(pathname)) entryArrived = sent.length
    if (dataArrived === -1 && pathname === '/v1/locations') dataArrived = sent.length
  })
  await page.goto('/locations')
  await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)

  // The HTML's preload of the config is the request the app reads: not fetched a second time.
  expect(sent.filter((path) => path === EXPLORER_CONFIG_PATH)).toHaveLength(1)
  expect(entryArrived).toBeGreaterThan(0)
  // What the page asked for once its script ran, until its rows' data arrived: its code and that data.
  const lastRound = sent.slice(entryArrived, dataArrived)
  expect(lastRound).toContain('/v1/locations')
  expect(lastRound.length, lastRound.join(', ')).toBeLessThanOrEqual(CONNECTIONS_PER_ORIGIN)
})
