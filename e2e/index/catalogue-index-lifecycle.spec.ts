import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { COLLECTIONS, joinWithAnd, PAGE_SIZE } from '../../src/catalogue'
import { listPagePath } from '../../src/crawler/lists'
import { holdingsOf } from '../support/catalogue'
import { INDEXED, indexStatus, mainNav, savingData } from '../support/explorer'
import { gate } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { DEMO_URL, KEYED_URL, NO_VIEWS_URL, TEST_KEY } from '../support/servers'
import { settingsView } from '../support/settings'

// Indexing is background work that waits for an idle browser: on a busy machine it takes a while.
test.describe.configure({ timeout: 90_000 })
/** The catalogue indexes this browser keeps, by the service address in their names. */
async function indexedServices(page: Page): Promise<string[]> {
  const names = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''))
  return names
    .filter((name) => name.startsWith('catalogue-index '))
    .map((name) => name.split(' ')[1] ?? '')
    .sort()
}

/**
 * What the index asks for to read a list: a page beyond the first with no filter (a service without streams,
 * read page by page), or the whole list's stream (`?_export=ndjson`, with `&_after=…` when it continues). The
 * tabs in these tests show page 1 of locations (whose next page the list fetches ahead) or a filtered list, so
 * none of these is theirs.
 */
function crawledPage(url: URL, service: string): string | null {
  if (url.origin !== service || !/^\/v1\/(locations|episodes)\/?$/.test(url.pathname)) return null
  if (url.searchParams.get('_export') === 'ndjson') return `${url.pathname}${url.search}`
  const page = url.searchParams.get('page')
  return page && page !== '1' && url.searchParams.size === 1 ? `${url.pathname}?page=${page}` : null
}

/** Whether the crawler asks for this page of this list of the service without streams. */
function isCrawledPage(url: URL, list: 'locations' | 'episodes', page: number): boolean {
  const path = crawledPage(url, NO_VIEWS_URL) ?? ''
  return path.startsWith(`/v1/${list}`) && path.endsWith(`?page=${page}`)
}

function watchCrawl(pages: readonly Page[], service: string): string[] {
  const seen: string[] = []
  for (const page of pages) {
    page.on('request', (request) => {
      const path = crawledPage(new URL(request.url()), service)
      if (path) seen.push(path)
    })
  }
  return seen
}

test('changing the connection drops the old index and indexes the new one; forgetting it drops that one', async ({
  page,
  catalogue,
}) => {
  const counts = `Catalogue index: ${holdingsOf(catalogue)}`
  await page.goto('/locations')
  await expect(indexStatus(page)).toContainText(`${counts} · updated`, INDEXED)
  expect(await indexedServices(page)).toEqual([DEMO_URL])

  // Another service and key: the demo key's index goes, and the new connection's is built from the start.
  const keyedCrawl = watchCrawl([page], KEYED_URL)
  const settings = settingsView(page)
  await mainNav(page).link('Settings').click()
  await settings.address.fill(KEYED_URL)
  await settings.key.fill(TEST_KEY)
  await settings.save.click()
  await expect(settings.saved).toBeVisible()
  await expect.poll(() => indexedServices(page)).toEqual([])
  await mainNav(page).link('Locations').click()
  await expect(indexStatus(page)).toContainText(`${counts} · updated`, INDEXED)
  expect(keyedCrawl).toContain('/v1/episodes/?_export=ndjson')
  expect(await indexedServices(page)).toEqual([KEYED_URL])

  // Forgetting the key (back to the demo key) drops that index too; the demo key's starts over.
  const demoCrawl = watchCrawl([page], DEMO_URL)
  await mainNav(page).link('Settings').click()
  await settings.address.fill('')
  await settings.key.fill('')
  await settings.save.click()
  await expect.poll(() => indexedServices(page)).not.toContain(KEYED_URL)
  await mainNav(page).link('Locations').click()
  await expect(indexStatus(page)).toContainText(`${counts} · updated`, INDEXED)
  expect(demoCrawl).toContain('/v1/episodes/?_export=ndjson')
  expect(await indexedServices(page)).toEqual([DEMO_URL])
})

test('a refused key while the index is refreshed drops the index', async ({ page, context, catalogue }) => {
  // The reader saves data: nothing is indexed unasked, neither by the list nor by a search, so what is
  // dropped stays dropped until it is asked for again.
  await savingData(page)
  const counts = `Catalogue index: ${holdingsOf(catalogue)}`
  await page.goto('/locations')
  await indexStatus(page).getByRole('button', { name: 'Build the index' }).click()
  await expect(indexStatus(page)).toContainText(`${counts} · updated`, INDEXED)

  // The fault: the service refuses the key for the stream of locations (the list shows page 1 only).
  await context.route(
    (url) => url.pathname === '/v1/locations' && url.searchParams.get('_export') === 'ndjson',
    (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The API key is missing or not valid.' }),
      }),
  )
  await indexStatus(page).getByRole('button', { name: 'Refresh' }).click()
  await expect(indexStatus(page).getByRole('alert')).toHaveText('The service did not accept the API key.')
  await expect(indexStatus(page)).toContainText('Catalogue index: not built')
  expect(await indexedServices(page)).toEqual([])

  // Searching asks the index worker at every keystroke: the dropped index stays gone (none is created empty),
  // and the service's search answers.
  await page.getByRole('button', { name: 'Search' }).click()
  const palette = page.getByRole('dialog', { name: 'Search the catalogue' })
  await palette.getByRole('combobox', { name: 'Search' }).pressSequentially('earth')
  await expect(palette).toContainText('Searching the whole catalogue on its service.')
  expect(await indexedServices(page)).toEqual([])
})

test('two tabs asking for the index of a service without streams at the same time run one crawl and see the same index', async ({
  context,
  catalogue,
}) => {
  const counts = `Catalogue index: ${holdingsOf(catalogue)}`
  // The crawl's second page of locations waits until both tabs show the crawl under way.
  const held = gate()
  await context.route(
    (url) => isCrawledPage(url, 'locations', 2),
    async (route) => {
      await held.passed
      await route.continue()
    },
  )
  const first = await context.newPage()
  const second = await context.newPage()
  const crawl = watchCrawl([first, second], NO_VIEWS_URL)
  // Filtered lists: the pages' own requests have a filter, the crawl's have none.
  await Promise.all([
    first.goto(`${NO_VIEWS_URL}/locations?name=a`),
    second.goto(`${NO_VIEWS_URL}/episodes?name=a`),
  ])
  // While the crawl runs, both tabs show its progress.
  await expect(indexStatus(first).getByRole('progressbar')).toBeVisible(INDEXED)
  await expect(indexStatus(second).getByRole('progressbar')).toBeVisible(INDEXED)
  held.open()
  await expect(indexStatus(first)).toContainText(`${counts} · updated`, INDEXED)
  await expect(indexStatus(second)).toContainText(`${counts} · updated`, INDEXED)

  // Every page after the first, of both collections, read once in all.
  const expected = [
    ...pagesAfterFirst('locations', catalogue.locations.length),
    ...pagesAfterFirst('episodes', catalogue.episodes.length),
  ].sort()
  expect(crawl.sort()).toEqual(expected)
})

function collectionNamed(name: string) {
  const collection = COLLECTIONS.find((c) => c.name === name)
  if (!collection) throw new Error(`no collection ${name}`)
  return collection
}

function pagesAfterFirst(name: string, count: number): string[] {
  const collection = collectionNamed(name)
  return Array.from({ length: Math.ceil(count / PAGE_SIZE) - 1 }, (_, i) =>
    listPagePath({ collection }, i + 2),
  )
}

test('Refresh of a service without streams re-reads every page with If-None-Match and replaces the records of a page that changed', async ({
  page,
  context,
  catalogue,
}) => {
  await page.goto(`${NO_VIEWS_URL}/locations`)
  const refresh = indexStatus(page).getByRole('button', { name: 'Refresh' })
  await expect(refresh).toBeVisible(INDEXED)

  // The change: page 2 of locations now names its first record differently (and has another ETag).
  const changed = catalogue.locations[PAGE_SIZE]
  if (!changed) throw new Error('fewer than two pages of locations')
  const renamed = `${changed.name} (renamed)`
  let served: () => void = () => {}
  const changedPageServed = new Promise<void>((resolve) => {
    served = resolve
  })
  await context.route(
    (url) => crawledPage(url, NO_VIEWS_URL) === listPagePath({ collection: collectionNamed('locations') }, 2),
    async (route) => {
      const { 'if-none-match': _, ...headers } = route.request().headers()
      const response = await route.fetch({ headers })
      const body = await response.json()
      body.results[0].name = renamed
      await route.fulfill({ response, json: body, headers: { ...response.headers(), etag: '"changed"' } })
      served()
    },
  )
  const conditional: string[] = []
  page.on('request', (request) => {
    if (crawledPage(new URL(request.url()), NO_VIEWS_URL))
      conditional.push(`${request.url()} ${request.headers()['if-none-match'] ?? 'none'}`)
  })
  await refresh.click()
  await changedPageServed
  await expect(refresh).toBeVisible(INDEXED)
  expect(conditional.length).toBeGreaterThan(0)
  expect(conditional.filter((line) => line.endsWith(' none'))).toEqual([])

  // The whole list exported from the index has the new name, and every other record as before.
  await context.unrouteAll()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  const exported: { id: number; name: string }[] = JSON.parse(await readFile(await download.path(), 'utf8'))
  // The same records as the demo service's, at this service's address.
  const atThisService = JSON.parse(JSON.stringify(catalogue.locations).replaceAll(DEMO_URL, NO_VIEWS_URL))
  expect(exported).toEqual(
    atThisService.map((record: { id: number }) =>
      record.id === changed.id ? { ...record, name: renamed } : record,
    ),
  )
})

test('a cancelled crawl of a service without streams says how far it got, and Resume reads only the pages not stored yet', async ({
  page,
  context,
  catalogue,
}) => {
  const counts = `Catalogue index: ${holdingsOf(catalogue)}`
  // The crawl's fifth page of locations waits until Cancel was clicked: the pages before it are stored by then.
  const held = gate()
  await context.route(
    (url) => isCrawledPage(url, 'locations', 5),
    async (route) => {
      await held.passed
      // The cancelled crawl may have dropped this request already: then there is nothing to continue.
      await route.continue().catch(() => {})
    },
  )
  // A filtered list: the page's own requests have a filter, the crawl's have none.
  await page.goto(`${NO_VIEWS_URL}/locations?name=a`)
  const status = indexStatus(page)
  await expect(status).toContainText(/\b[3-9] of \d+ pages/, INDEXED)
  await status.getByRole('button', { name: 'Cancel' }).click()
  const resume = status.getByRole('button', { name: 'Resume indexing' })
  await expect(resume).toBeVisible()
  held.open()
  // "80 locations and 51 episodes so far": each list's records, in the collections' order.
  const counted = joinWithAnd(
    COLLECTIONS.map(({ labels }) => `([\\d,]+) (?:${labels.singular}|${labels.plural})`),
  )
  const sofar = (await status.textContent())?.match(new RegExp(`${counted} so far`))
  if (!sofar) throw new Error(`no counts so far in: ${await status.textContent()}`)
  const stored = new Map(
    COLLECTIONS.map(({ name }, index) => [
      name,
      Math.ceil(Number(sofar[index + 1]?.replaceAll(',', '')) / PAGE_SIZE),
    ]),
  )
  expect([...stored.values()].reduce((sum, pages) => sum + pages, 0)).toBeGreaterThanOrEqual(2)

  const resumed = watchCrawl([page], NO_VIEWS_URL)
  await resume.click()
  await expect(status).toContainText(`${counts} · updated`, INDEXED)
  const lists: { readonly [name: string]: readonly unknown[] } = catalogue
  const expected = COLLECTIONS.flatMap(({ name }) =>
    pagesAfterFirst(name, lists[name]?.length ?? 0).filter((_, i) => i + 2 > (stored.get(name) ?? 0)),
  )
  expect(resumed.sort()).toEqual(expected.sort())
})
