import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { holdingsOf, matching, namesOf, pageOf } from '../support/catalogue'
import { expectListShows, INDEXED, indexStatus, listView, mainNav } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { DEMO_URL, NO_VIEWS_URL } from '../support/servers'

// These specs need the app shell's service worker (the others block it, so that their faults reach the page).
// A service without views (CATALOGUE_VIEWS=off): its list pages build a small catalogue's index unasked, as for
// any service of the specification (a service that answers views leaves it to be asked for: service-views).
test.use({ serviceWorkers: 'allow', baseURL: NO_VIEWS_URL })
// Indexing is background work that waits for an idle browser: on a busy machine it takes a while.
test.describe.configure({ timeout: 90_000 })
/** A name filter whose list has two pages or more, so that paging and "all pages" are tested. */
function multiPageFilter(locations: readonly { name: string }[]): string {
  const value = ['an', 'in', 'er', 'a', 'e'].find((text) => matching(locations, { name: text }).length > 20)
  if (!value) throw new Error('no name filter with more than one page')
  return value
}

test('a small catalogue is indexed by itself once the list is on screen, and a second tab sees the same index', async ({
  page,
  context,
  catalogue,
}) => {
  const counts = holdingsOf(catalogue)
  await page.goto('/locations')
  await expect(indexStatus(page)).toContainText(`Catalogue index: ${counts} · updated just now`, INDEXED)
  await expect(indexStatus(page).getByRole('button', { name: 'Refresh' })).toBeVisible()

  const second = await context.newPage()
  await second.goto('/episodes')
  await expect(indexStatus(second)).toContainText(`Catalogue index: ${counts}`, INDEXED)

  // Refresh re-reads every page (with If-None-Match) and ends with the same counts.
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/v1/')) asked.push(request.headers()['if-none-match'] ?? '')
  })
  await indexStatus(page).getByRole('button', { name: 'Refresh' }).click()
  await expect(indexStatus(page)).toContainText(`Catalogue index: ${counts} · updated just now`, INDEXED)
  await expect.poll(() => asked.filter((etag) => etag !== '').length).toBeGreaterThan(0)
})

test('with the service unreachable, a reload browses a filtered list from the index under the offline banner', async ({
  page,
  context,
  catalogue,
}) => {
  await page.goto('/locations')
  await expect(indexStatus(page)).toContainText('Catalogue index: ', INDEXED)
  await expect(indexStatus(page)).toContainText('updated', INDEXED)
  // The shell is in the worker's cache, and so is the run-time config (demo mode keeps working).
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(async () => (await caches.match('/explorer-config.json')) !== undefined))
    .toBe(true)

  await context.setOffline(true)
  const name = multiPageFilter(catalogue.locations)
  const matches = matching(catalogue.locations, { name })
  await page.goto(`/locations?name=${name}&page=2`)
  await expect(
    page.getByRole('status').filter({ hasText: 'Offline: showing the catalogue as of' }),
  ).toBeVisible()
  const list = listView(page, 'locations')
  await expectListShows(list, { count: matches.length, page: 2, names: namesOf(pageOf(matches, 2)) })

  await list.pageNumber(1).click()
  await expectListShows(list, { count: matches.length, page: 1, names: namesOf(pageOf(matches, 1)) })
  const first = matches[0]
  if (!first) throw new Error('no match')
  await list.recordLink(first.name).click()
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible()

  // Back online, Retry asks the service again and the banner goes.
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText('Offline: showing the catalogue as of')).toHaveCount(0)
})

test('Export downloads the whole filtered list as CSV and as JSON', async ({ page, catalogue }) => {
  const name = multiPageFilter(catalogue.locations)
  const matches = matching(catalogue.locations, { name })
  await page.goto(`/locations?name=${name}`)
  const list = listView(page, 'locations')
  await expect(list.rows).toHaveCount(20)

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(csvDownload.suggestedFilename()).toMatch(
    new RegExp(`^locations-name-${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  )
  const csv = Papa.parse<Record<string, string>>(
    (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, ''),
    {
      header: true,
      skipEmptyLines: true,
    },
  )
  expect(csv.data.map((row) => row.name)).toEqual(namesOf(matches))
  expect(csv.meta.fields).toEqual(['id', 'name', 'type', 'dimension', 'residents', 'url', 'created'])

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  expect(jsonDownload.suggestedFilename()).toMatch(
    new RegExp(`^locations-name-${name}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  )
  // The snapshot was read from the demo service: the records' addresses name this one.
  const here = JSON.parse(JSON.stringify(matches).replaceAll(DEMO_URL, NO_VIEWS_URL))
  expect(JSON.parse(await readFile(await jsonDownload.path(), 'utf8'))).toEqual(here)
})

test('the service worker never caches the service’s answers, nor answers its addresses with the app', async ({
  page,
  context,
}) => {
  await page.goto('/locations')
  await expect(listView(page, 'locations').rows.first()).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  // The list's answers went past the worker, and none is in its caches.
  const cachedServiceAnswers = await page.evaluate(async () => {
    const found: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).pathname.startsWith('/v1')) found.push(request.url)
      }
    }
    return found
  })
  expect(cachedServiceAnswers).toEqual([])

  // Offline, a visit to any of the service's own addresses is never answered by the worker, with the app or
  // otherwise: it fails, or (the explorer reads /openapi.json) the browser's HTTP cache answers it.
  await context.setOffline(true)
  for (const path of ['/v1/locations', '/healthz', '/readyz', '/openapi.json', '/metrics']) {
    const answer = await page.goto(path).catch(() => null)
    expect(answer?.fromServiceWorker() ?? false, path).toBe(false)
    await expect(mainNav(page).nav, path).toHaveCount(0)
  }
  // …while an app address opens from the worker's cache (in a new tab: the last failed visit's error page
  // may still be committing in this one, and would interrupt the next navigation).
  const tab = await context.newPage()
  await tab.goto('/episodes')
  await expect(tab.getByRole('navigation', { name: 'Main' })).toBeVisible()
})
