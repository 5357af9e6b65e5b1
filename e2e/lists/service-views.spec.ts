/**
 * Views answered by the service (contract §12): on a catalogue too large to be indexed unasked, the data tool
 * works in a fresh browser with no index and no crawl; a data tool's address is rendered first with its rows
 * and its facets' counts; another service is asked for views once its OpenAPI document says it answers them;
 * and a service without views (CATALOGUE_VIEWS=off) is asked exactly what the explorer always asked.
 */
import type { Page } from '@playwright/test'
import { type DatasetLocation, PAGE_SIZE } from '../../src/catalogue'
import { holdingsOf } from '../support/catalogue'
import { expectListShows, INDEXED, indexStatus, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL, LARGE_URL, largeDataset } from '../support/large-catalogue'
import { DEMO_KEY, NO_VIEWS_URL } from '../support/servers'
import { settingsView } from '../support/settings'

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const large = [...largeDataset().locations].sort((a, b) => a.id - b.id)

/** Locations by their number of residents, ties by id. */
const byResidents = (locations: readonly DatasetLocation[], descending = false) =>
  [...locations].sort((a, b) => {
    const order = a.residents.length - b.residents.length
    return (descending ? -order : order) || a.id - b.id
  })
const names = (locations: readonly DatasetLocation[]) => locations.slice(0, PAGE_SIZE).map(({ name }) => name)

/** Every request the page makes of a catalogue service's API (paths and queries), the index worker's too. */
function apiRequestsOf(page: Page): string[] {
  const asked: string[] = []
  page.context().on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/v1/') || url.pathname === '/openapi.json')
      asked.push(`${url.pathname}${url.search}`)
  })
  return asked
}

/** Text as React writes it in HTML. */
const inHtml = (text = '') =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** Whether a request's query names a view's parameter (`_sort`, `type__exact`, `_facet`…). */
const namesAView = (path: string) =>
  [...new URLSearchParams(path.split('?')[1] ?? '').keys()].some(
    (name) => name.startsWith('_') || name.includes('__'),
  )

test('on a large catalogue, a header sorts in a fresh browser with no index and no crawl', async ({
  page,
}) => {
  const asked = apiRequestsOf(page)
  await page.goto(`${LARGE_URL}/locations`)
  const list = listView(page, 'locations')
  await expectListShows(list, { count: large.length, page: 1, names: names(large) })

  await list.sortButton('Residents').click()
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'ascending')
  await expectListShows(list, { count: large.length, page: 1, names: names(byResidents(large)) })
  await list.sortButton('Residents').click()
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending')
  await expectListShows(list, { count: large.length, page: 1, names: names(byResidents(large, true)) })
  await list.pageNumber(2).click()
  await expectListShows(list, {
    count: large.length,
    page: 2,
    names: byResidents(large, true)
      .slice(PAGE_SIZE, 2 * PAGE_SIZE)
      .map(({ name }) => name),
  })

  // No index was built or asked for: every request was a view of the service, none a crawl's page.
  await expect(indexStatus(page)).toContainText('not built')
  expect(asked.length).toBeGreaterThan(0)
  expect(asked.filter((path) => !namesAView(path))).toEqual([])
  await expect(page.getByText('answered by the catalogue index')).toHaveCount(0)
})

test('on a service that answers views, a small catalogue is indexed unasked, one stream per collection and no crawl', async ({
  page,
  catalogue,
}) => {
  const asked = apiRequestsOf(page)
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.rows.first()).toBeVisible()
  const status = indexStatus(page)
  await expect(status).toContainText(`Catalogue index: ${holdingsOf(catalogue)}`, INDEXED)
  await expect(status.getByRole('button', { name: 'Build the index' })).toHaveCount(0)
  // Each collection was read whole in one stream; no later page of a list was read to fill the index.
  const streams = asked.filter((path) => new URLSearchParams(path.split('?')[1]).has('_export'))
  expect(streams.map((path) => path.split('?')[0]?.replace(/\/$/, '')).sort()).toEqual([
    '/v1/episodes',
    '/v1/locations',
  ])
  expect(
    asked.filter((path) => path.startsWith('/v1/') && !namesAView(path) && /[?&]page=/.test(path)),
  ).toEqual([])
})

test('a faceted, sorted address is rendered first with its rows in order and its counts, and hydrates without asking for them', async ({
  page,
}) => {
  const type = 'Planet'
  const planets = large.filter((location) => location.type === type)
  const view = byResidents(planets, true)
  const address = `/locations?type__exact=${type}&_sort_desc=residents`
  const asked = apiRequestsOf(page)

  // React writes `<!-- -->` between a text's parts: read without them.
  const html = ((await (await page.goto(`${LARGE_URL}${address}`))?.text()) ?? '').replaceAll('<!-- -->', '')
  const at = (text: string) => html.indexOf(`>${inHtml(text)}<`)
  const order = names(view).map(at)
  expect(order.every((index) => index > 0)).toBe(true)
  expect(order).toEqual([...order].sort((a, b) => a - b))
  // The type facet's counts are in the HTML: every type, counted over every location.
  const types = new Map<string, number>()
  for (const location of large) types.set(location.type, (types.get(location.type) ?? 0) + 1)
  const [common] = [...types].sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]))
  expect(html).toContain(`${inHtml(common?.[0])}</span><span class="facet-count"> (${common?.[1]})`)

  const list = listView(page, 'locations')
  await expectListShows(list, { count: view.length, page: 1, names: names(view) })
  await expect(list.facetValue('Type', type)).toBeChecked()
  await expect(page.getByText('Counted by the catalogue service.')).toBeVisible()
  // The view's own request was made by the service's render, not by the browser (which fetches page 2 ahead).
  expect(asked.filter((path) => path.includes('_sort_desc=residents') && !path.includes('page='))).toEqual([])
})

test('another service chosen in Settings is asked for views once its OpenAPI document says it answers them', async ({
  page,
}) => {
  const asked = apiRequestsOf(page)
  const settings = settingsView(page)
  await page.goto('/settings')
  await settings.address.fill(LARGE_URL)
  await settings.key.fill(DEMO_KEY)
  await settings.save.click()
  await expect(settings.saved).toBeVisible()

  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expectListShows(list, { count: large.length, page: 1, names: names(large) })
  await expect.poll(() => asked.filter((path) => path === '/openapi.json')).toHaveLength(1)
  await list.sortButton('Residents').click()
  await expectListShows(list, { count: large.length, page: 1, names: names(byResidents(large)) })
  expect(asked.some((path) => path.includes('_sort=residents'))).toBe(true)
  expect(asked.filter((path) => path === '/openapi.json')).toHaveLength(1)
})

test('a service without views (CATALOGUE_VIEWS=off) is asked what the explorer always asked it, and its document by the index', async ({
  page,
}) => {
  const asked = apiRequestsOf(page)
  const config = await (await page.request.get(`${NO_VIEWS_URL}/explorer-config.json`)).json()
  expect(config).toEqual({ demoKey: DEMO_KEY, views: false, catalogueVersion: expect.any(String) })
  const document = await (await page.request.get(`${NO_VIEWS_URL}/openapi.json`)).text()
  expect(document).not.toContain('x-catalogue-extension')

  await page.goto(`${NO_VIEWS_URL}/locations?name=a`)
  const list = listView(page, 'locations')
  await expect(list.rows.first()).toBeVisible()
  await list.pageNumber(2).click()
  await expect(list.pageNumber(2)).toHaveAttribute('aria-current', 'page')
  // A sort there is the index's: it builds itself for a catalogue this small, and asks the service nothing new.
  await list.sortButton('Residents').click()
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'ascending')
  await expect(list.rows.first()).toBeVisible(INDEXED)

  // On a large catalogue, a view waits for the index, and the service is never sent its parameters.
  await page.goto(`${LARGE_NO_VIEWS_URL}/locations?_sort_desc=residents`)
  await expect(page.getByText(/answered by the catalogue index/)).toBeVisible()

  expect(asked.length).toBeGreaterThan(0)
  expect(asked.filter(namesAView)).toEqual([])
  // Beyond what it always asked, the catalogue index reads each service's document, at most once, to learn
  // whether it streams whole lists (contract §12): these do not, so it is never asked for a stream.
  expect(asked.filter((path) => path === '/openapi.json').length).toBeLessThanOrEqual(2)
  expect(asked.filter((path) => path.includes('_export'))).toEqual([])
})

test('facets the service could not count in time say so, and Count again asks it again', async ({ page }) => {
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.facetValue('Type', 'Resort')).toBeVisible()
  // The fault: the first answer of the filtered view comes back with its facets not counted in time.
  let refused = 0
  await page.route(
    (url) =>
      url.pathname === '/v1/locations' &&
      url.searchParams.get('name') === 'a' &&
      url.searchParams.has('_facet'),
    async (route) => {
      const response = await route.fetch()
      const page = new URL(route.request().url()).searchParams.get('page') ?? '1'
      if (refused > 0 || page !== '1') return route.fulfill({ response })
      refused++
      const body = await response.json()
      const notCounted = { values: [], truncated: true, counted: false }
      return route.fulfill({
        response,
        json: { ...body, facets: { type: notCounted, dimension: notCounted } },
      })
    },
  )
  await list.field('Name').fill('a')
  await list.field('Name').press('Enter')
  await expect(page).toHaveURL(/name=a/)
  const type = list.form.getByRole('group', { name: /^Type\s*\(not counted\)$/ })
  await expect(type.getByText('Not counted in time.')).toBeVisible()
  await expect(list.form.getByText(/No type among these results/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Count again' }).click()
  await expect(
    list
      .facet('Type')
      .getByRole('checkbox', { name: /\([\d,]+\)$/ })
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Count again' })).toHaveCount(0)
  expect(refused).toBe(1)
})
