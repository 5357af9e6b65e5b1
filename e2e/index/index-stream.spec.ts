/**
 * Whole views in one stream (contract §12) on a catalogue too large to be indexed without being asked: Build the
 * index fills it from each collection's stream, an interrupted build resumes where it stopped, and Export of a
 * view downloads (or writes to disk) exactly its records, in its order.
 */
import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import Papa from 'papaparse'
import { type ApiRecord, describeHoldings, locations } from '../../src/catalogue'
import { indexStatus, LARGE_INDEXED, listView } from '../support/explorer'
import { expect, savePickerAsked, test } from '../support/fixtures'
import { LARGE_LOCATIONS, LARGE_URL, largeCounts } from '../support/large-catalogue'
import { DEMO_KEY } from '../support/servers'

test.use({ baseURL: LARGE_URL })
// Indexing 1,200 records, and the stream's retries in one case: a while on a busy machine.
test.describe.configure({ timeout: 120_000 })
const counts = largeCounts()
const complete = `Catalogue index: ${describeHoldings([
  { labels: locations.labels, count: counts.locations ?? 0 },
  { labels: { singular: 'episode', plural: 'episodes' }, count: counts.episodes ?? 0 },
])}`
/** Whether a request is one of the index's reads of a whole list: a page beyond the first, or a stream. */
function readOf(url: URL): 'page' | 'stream' | null {
  if (url.origin !== LARGE_URL || !/^\/v1\/(locations|episodes)\/?$/.test(url.pathname)) return null
  if (url.searchParams.has('_export')) return 'stream'
  const page = url.searchParams.get('page')
  return page && page !== '1' && url.searchParams.size === 1 ? 'page' : null
}

/** Every record of a view, as the service's own pages of it say, one page after another. */
async function viewPages(request: APIRequestContext, view: string): Promise<ApiRecord[]> {
  const records: ApiRecord[] = []
  for (let page = 1; ; page++) {
    const response = await request.get(`${LARGE_URL}/v1/locations?${view}&page=${page}`, {
      headers: { Authorization: `Bearer ${DEMO_KEY}` },
    })
    const body = (await response.json()) as { info: { pages: number }; results: ApiRecord[] }
    records.push(...body.results)
    if (page >= body.info.pages) return records
  }
}

test('Build the index fills it from one compressed stream per collection, not page by page', async ({
  page,
}) => {
  const reads: { kind: string; url: URL; encoding: string | undefined }[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    const kind = readOf(url)
    if (kind) reads.push({ kind, url, encoding: response.headers()['content-encoding'] })
  })
  // A filtered list: its own requests have a filter, the index's have none.
  await page.goto('/locations?name=a')
  await indexStatus(page).getByRole('button', { name: 'Build the index' }).click()
  await expect(indexStatus(page)).toContainText(`${complete} · updated`, LARGE_INDEXED)

  expect(reads.filter(({ kind }) => kind === 'page')).toEqual([])
  expect(reads.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([
    '/v1/locations?_export=ndjson',
    '/v1/episodes/?_export=ndjson',
  ])
  for (const { encoding } of reads) expect(['br', 'gzip']).toContain(encoding)
})

test('an interrupted build says how far it got, and Resume indexing continues the stream where it stopped', async ({
  page,
  context,
}) => {
  // The fault: the stream of locations is cut halfway, and the service cannot be reached to continue it.
  let continued = 0
  await context.route(
    (url) => url.pathname === '/v1/locations' && url.searchParams.get('_export') === 'ndjson',
    async (route) => {
      if (new URL(route.request().url()).searchParams.has('_after')) {
        continued++
        return route.abort('connectionreset')
      }
      const response = await route.fetch()
      const body = await response.body()
      const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers()
      return route.fulfill({ status: 200, headers, body: body.subarray(0, Math.floor(body.length / 2)) })
    },
  )
  await page.goto('/locations?name=a')
  const status = indexStatus(page)
  await status.getByRole('button', { name: 'Build the index' }).click()
  // The stream is retried, then the build stops, saying how far it got.
  const resume = status.getByRole('button', { name: 'Resume indexing' })
  await expect(resume).toBeVisible(LARGE_INDEXED)
  expect(continued).toBeGreaterThan(1)
  const sofar = (await status.textContent())?.match(/partly built · ([\d,]+) locations and 0 episodes so far/)
  const stored = Number(sofar?.[1]?.replaceAll(',', ''))
  expect(stored).toBeGreaterThan(0)
  expect(stored).toBeLessThan(LARGE_LOCATIONS)

  await context.unrouteAll({ behavior: 'ignoreErrors' })
  const resumed: { url: URL; ifMatch: string | undefined }[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (readOf(url) === 'stream') resumed.push({ url, ifMatch: request.headers()['if-match'] })
  })
  await resume.click()
  await expect(status).toContainText(`${complete} · updated`, LARGE_INDEXED)
  // The locations' stream continued after the last record stored (ids count from 1), naming the stream begun.
  expect(resumed[0]?.url.searchParams.get('_after')).toBe(String(stored))
  expect(resumed[0]?.ifMatch).toMatch(/^"s/)
  expect(resumed.map(({ url }) => url.pathname)).toEqual(['/v1/locations', '/v1/episodes/'])
})

/** The JSON file the page's save picker was given (the `private-folder` fixture's), or '' before there is one. */
function writtenJson(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const folder = await navigator.storage.getDirectory()
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys())
      if (name.endsWith('.json')) return (await (await folder.getFileHandle(name)).getFile()).text()
    return ''
  })
}

test.describe('Export of a large view', () => {
  const view = '_sort_desc=name&type__exact=Planet&type__exact=Space%20station'
  const columns = '_col=name&_col=residents&_col=id'

  /** Builds the index (the explorer answers the view's page from it) and opens the view. */
  async function openView(page: Page) {
    await page.goto('/locations')
    await indexStatus(page).getByRole('button', { name: 'Build the index' }).click()
    await expect(indexStatus(page)).toContainText(complete, LARGE_INDEXED)
    await page.goto(`/locations?${view}&${columns}`)
    await expect(page.getByRole('table')).toBeVisible()
  }

  test('downloads exactly its records in its order, in its columns, streamed by the service', async ({
    page,
    request,
  }) => {
    const expected = await viewPages(request, view)
    expect(expected.length).toBeGreaterThan(100)
    await openView(page)
    const asked: string[] = []
    page.on('request', (sent) => {
      if (readOf(new URL(sent.url())) === 'stream') asked.push(new URL(sent.url()).search)
    })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^locations-type-planet-or-space-station-by-name-desc-\d{4}-\d{2}-\d{2}\.csv$/,
    )
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
    expect(rows[0]).toEqual(['name', 'residents', 'id'])
    expect(rows.slice(1).map((row) => Number(row[2]))).toEqual(expected.map((record) => record.id))
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected.map((record) => record.name))
    expect(asked).toEqual([`?${view.replace('%20', '+')}&${columns}&_export=csv`])
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
  })

  test.describe('in a browser that writes files through the File System Access API', () => {
    test.use({ savePicker: 'private-folder' })

    test('writes a view too large to hold in memory to the file chosen, as it arrives', async ({
      page,
      request,
    }) => {
      const games = 'type__exact=Game'
      const expected = await viewPages(request, games)
      // The list on screen counts more records than a download held in memory should hold; the service then
      // streams its own.
      await page.route(
        (url) =>
          url.origin === LARGE_URL &&
          url.pathname === '/v1/locations' &&
          url.searchParams.get('type__exact') === 'Game' &&
          !url.searchParams.has('_export'),
        async (route) => {
          const response = await route.fetch()
          const body = (await response.json()) as { info: { count: number } }
          await route.fulfill({ response, json: { ...body, info: { ...body.info, count: 2_000_000 } } })
        },
      )
      await page.goto('/locations')
      const list = listView(page, 'locations')
      await list.facetValue('Type', 'Game').check()
      await expect(list.summary).toContainText('of 2,000,000 locations')
      await page.getByRole('button', { name: 'Export JSON' }).click()
      // The file holds what was written once it is closed, at the stream's end.
      await expect.poll(() => writtenJson(page)).toMatch(/\]\s*$/)
      expect(await savePickerAsked(page)).toEqual([
        expect.stringMatching(/^locations-type-game-\d{4}-\d{2}-\d{2}\.json$/),
      ])
      const records = JSON.parse(await writtenJson(page)) as { id: number }[]
      expect(records.map((record) => record.id)).toEqual(expected.map((record) => record.id))
    })
  })
})
