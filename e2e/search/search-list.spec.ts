import type { Page } from '@playwright/test'
import { PAGE_SIZE } from '../../src/catalogue'
import { expectNoAxeViolations } from '../support/axe'
import { holdingsOf } from '../support/catalogue'
import { LARGE_INDEXED, openIndexed } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_URL } from '../support/large-catalogue'
import { urlState } from '../support/url'

// The index of the shipped catalogue is built in the background once a list is on screen: on a busy machine
// that takes a while.
test.describe.configure({ timeout: 90_000 })

/** A query of the shipped catalogue whose results fill more than one page, in locations and episodes. */
const QUERY = 'do'

function searchList(page: Page) {
  const table = page.getByRole('table', { name: 'Search results' })
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Search' }),
    summary: page.getByRole('status').filter({ hasText: /results? for|Searching|No results/ }),
    table,
    rows: table.getByRole('row').filter({ has: page.getByRole('link') }),
    names: table.getByRole('row').getByRole('link'),
    facet: (name: RegExp) => page.getByRole('group', { name: 'Collection' }).getByRole('checkbox', { name }),
    sort: (column: string) => table.getByRole('button', { name: column, exact: true }),
    header: (column: string) => table.getByRole('columnheader', { name: column }),
    pagination: page.getByRole('navigation', { name: 'Pagination' }),
  }
}

const inOrder = (names: string[], descending: boolean) => {
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }))
  return descending ? sorted.reverse() : sorted
}

test('"Show all" in the palette opens every result of the search as a list: paged, faceted, sortable, in its URL', async ({
  page,
  catalogue,
}) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.keyboard.press('Control+K')
  const palette = page.getByRole('dialog', { name: 'Search the catalogue' })
  await palette.getByRole('combobox', { name: 'Search' }).fill(QUERY)
  // The palette shows the first 8 of a collection, and leads to all of them.
  await expect(palette.getByRole('group', { name: /^Locations \(8 of \d+\)$/ })).toBeVisible()
  const showAll = palette.getByRole('link', { name: /^Show all \d+ results$/ })
  const total = Number((await showAll.textContent())?.match(/\d+/)?.[0])
  expect(total, 'the query fills more than one page').toBeGreaterThan(PAGE_SIZE)
  await showAll.click()

  const list = searchList(page)
  await expect(palette).toBeHidden()
  await expect(list.heading).toBeVisible()
  expect(urlState(page)).toEqual({ path: '/search', query: { q: QUERY } })
  await expect(list.summary).toHaveText(`1–${PAGE_SIZE} of ${total} results for “${QUERY}”`)
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expectNoAxeViolations(page, 'the search list')

  // The collection facet counts every result, one checkbox per collection, named with its count.
  const locations = list.facet(/^Locations \(\d+\)$/)
  const episodes = list.facet(/^Episodes \(\d+\)$/)
  const countOf = async (box: typeof locations) =>
    Number(
      (await box.evaluate((element) => element.closest('label')?.textContent ?? '')).match(/\((\d+)\)/)?.[1],
    )
  const [inLocations, inEpisodes] = [await countOf(locations), await countOf(episodes)]
  expect(inLocations + inEpisodes).toBe(total)

  await episodes.check()
  await expect(list.summary).toHaveText(`1–${inEpisodes} of ${inEpisodes} results for “${QUERY}”`)
  expect(urlState(page).query).toEqual({ q: QUERY, collection__exact: 'episodes' })
  await expect(list.rows).toHaveCount(inEpisodes)
  for (const row of await list.rows.all()) await expect(row.getByRole('cell').nth(1)).toHaveText('Episodes')
  await expect(episodes).toBeChecked()

  // Sorted by name, as people read it; a second press reverses. The rows follow once the worker answers.
  const ascending = inOrder(await list.names.allTextContents(), false)
  await list.sort('Name').click()
  await expect(list.header('Name')).toHaveAttribute('aria-sort', 'ascending')
  await expect
    .poll(() => urlState(page).query)
    .toEqual({ q: QUERY, collection__exact: 'episodes', _sort: 'name' })
  await expect(list.names).toHaveText(ascending)
  await list.sort('Name').click()
  await expect(list.header('Name')).toHaveAttribute('aria-sort', 'descending')
  await expect(list.names).toHaveText(inOrder(ascending, true))

  // Every collection again, sorted by name: page 2 holds the rest; a reload shows the same rows.
  await episodes.uncheck()
  await expect(list.summary).toHaveText(`1–${PAGE_SIZE} of ${total} results for “${QUERY}”`)
  await list.pagination.getByRole('link', { name: 'Page 2', exact: true }).click()
  await expect(list.summary).toHaveText(`${PAGE_SIZE + 1}–${total} of ${total} results for “${QUERY}”`)
  expect(urlState(page).query).toEqual({ q: QUERY, _sort_desc: 'name', page: '2' })
  const secondPage = await list.names.allTextContents()
  await page.reload()
  await expect(list.summary).toHaveText(`${PAGE_SIZE + 1}–${total} of ${total} results for “${QUERY}”`)
  await expect(list.names).toHaveText(secondPage)

  // A result opens its record.
  const first = list.names.first()
  const name = (await first.textContent()) ?? ''
  await first.click()
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
})

test('a shared search list opened in a fresh browser says the index answers it, then shows the results', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto(`/search?q=${QUERY}&collection__exact=locations`)
  const list = searchList(page)
  await expect(list.heading).toBeVisible()
  // Until the index is complete, the page says where the results come from, never "no results".
  await expect(
    list.summary.or(page.getByText(/All the results of a search come from the catalogue index/)),
  ).toBeVisible()
  await expect(list.summary).toHaveText(/^1–\d+ of \d+ results for “do”$/, LARGE_INDEXED)
  await expect(list.facet(/^Locations \(\d+\)$/)).toBeChecked()
  for (const row of await list.rows.all()) await expect(row.getByRole('cell').nth(1)).toHaveText('Locations')
  await context.close()
})

test('on a catalogue too large to index unasked, the service answers the search list: paged and faceted, no list read', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/v1/')) asked.push(`${url.pathname}?${url.searchParams}`)
  })
  await page.goto(`${LARGE_URL}/search?q=${QUERY}`)
  const list = searchList(page)
  await expect(list.summary).toHaveText(/^1–20 of [\d,]+ results for “do”$/)
  await expect(page.getByText('Counted by the catalogue service.')).toBeVisible()
  // Every word of a name that starts with "do", best first: the fewest words first.
  const names = await list.names.allTextContents()
  expect(names.every((name) => /(^|[^\p{L}])do/iu.test(name))).toBe(true)

  await list.pagination.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(list.summary).toHaveText(/^21–40 of [\d,]+ results for “do”$/)

  await list.facet(/^Episodes \(\d+\)$/).check()
  await expect(page).toHaveURL(/collection__exact=episodes/)
  await expect(list.summary).toHaveText(/^1–\d+ of \d+ results? for “do”$/)
  for (const row of await list.rows.all()) await expect(row.getByRole('cell').nth(1)).toHaveText('Episodes')

  // No list was read page by page, nor streamed, for it: the service searched.
  expect(asked.filter((path) => /^\/v1\/(locations|episodes\/?)\?/.test(path))).toEqual([])
  expect(asked.some((path) => path.startsWith('/v1/search?'))).toBe(true)

  // Sorting needs the index, and says so.
  await list.sort('Name').click()
  await expect(page.getByText(/Sorting the results of a search needs the catalogue index/)).toBeVisible()
})
