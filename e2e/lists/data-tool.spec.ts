import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { API_PREFIX, PAGE_SIZE, parseAirDate } from '../../src/catalogue'
import {
  holdingsOf,
  matching,
  nameFillingPages,
  namesOf,
  pageOf,
  pagesOf,
  summaryText,
} from '../support/catalogue'
import { expectListShows, INDEXED, listView, openIndexed } from '../support/explorer'
import { gate } from '../support/faults'
import { expect, savePickerAsked, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL } from '../support/large-catalogue'
import { NO_VIEWS_URL } from '../support/servers'

/*
 * The lists as a data tool (issue: sort, facets with counts, ranges, columns, the view in the URL, export of
 * the view), on the shipped catalogue (accents, numbers in names, ties), each answer compared with a
 * computation of the spec's own.
 */

/** The order every reader shares: "Planet 9" before "Planet 10", "Émile" beside "Emile". */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Items by a value: ties by id, empty values (null) last in both directions. */
function sortedBy<T extends { id: number }>(
  items: readonly T[],
  value: (item: T) => string | number | null,
  descending = false,
): T[] {
  return [...items].sort((a, b) => {
    const va = value(a)
    const vb = value(b)
    if (va === null || vb === null) return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || a.id - b.id
    const order =
      typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb))
    return (descending ? -order : order) || a.id - b.id
  })
}

/** Values and how many items have each. */
function countsOf<T>(items: readonly T[], value: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(value(item), (counts.get(value(item)) ?? 0) + 1)
  return counts
}

async function openIndexedList(page: Page, holdings: string, path: string) {
  await openIndexed(page, holdings)
  await page.goto(path)
}

test('a column’s button sorts by it (a second press reverses), ties by id, and the pages follow the sort', async ({
  page,
  catalogue,
}) => {
  await openIndexedList(page, holdingsOf(catalogue), '/locations')
  const list = listView(page, 'locations')
  const all = catalogue.locations

  await list.sortButton('Residents').click()
  await expect(page).toHaveURL(/[?&]_sort=residents(&|$)/)
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'ascending')
  const ascending = sortedBy(all, (location) => location.residents.length)
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(ascending, 1)) })

  await list.sortButton('Residents').click()
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending')
  const descending = sortedBy(all, (location) => location.residents.length, true)
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(descending, 1)) })
  await list.pageNumber(2).click()
  await expectListShows(list, { count: all.length, page: 2, names: namesOf(pageOf(descending, 2)) })

  // Text as people read it, with the empty type last.
  await list.sortButton('Type').click()
  await expect(list.header('Type')).toHaveAttribute('aria-sort', 'ascending')
  await expect(list.header('Residents')).not.toHaveAttribute('aria-sort')
  const byType = sortedBy(all, (location) => location.type || null)
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(byType, 1)) })
  const lastPage = Math.ceil(all.length / PAGE_SIZE)
  await list.pageNumber(lastPage).click()
  await expectListShows(list, {
    count: all.length,
    page: lastPage,
    names: namesOf(pageOf(byType, lastPage)),
  })
})

test('facets count each value under the other choices; a value keeps exactly its records, values of a facet add up', async ({
  page,
  catalogue,
}) => {
  await openIndexedList(page, holdingsOf(catalogue), '/locations')
  const list = listView(page, 'locations')
  const all = catalogue.locations
  const types = [...countsOf(all, (location) => location.type)].sort(
    ([a, countA], [b, countB]) => countB - countA || collator.compare(a, b),
  )
  // The first 8, most frequent first, each named with its count.
  const shown = list.facet('Type').getByRole('checkbox')
  await expect(shown).toHaveCount(8)
  for (const [index, [value, count]] of types.slice(0, 8).entries()) {
    await expect(shown.nth(index)).toHaveAccessibleName(`${value || '(none)'} (${count})`)
  }

  // An empty type is a value of its own.
  const none = all.filter((location) => location.type === '')
  await list.facetValue('Type', '(none)').check()
  await expect(page).toHaveURL(/[?&]type__exact=(&|$)/)
  await expectListShows(list, { count: none.length, page: 1, names: namesOf(none) })
  await expect(list.chosen.getByRole('listitem')).toHaveCount(1)
  await expect(list.chosen.getByRole('button', { name: 'Remove Type is (none)' })).toBeVisible()

  // "Show all" lists every value, with a field to find one; values of one facet combine with OR.
  await list
    .facet('Type')
    .getByRole('button', { name: `Show all (${types.length})` })
    .click()
  await list.facet('Type').getByRole('searchbox', { name: 'Find a type' }).fill('plan')
  await list.facetValue('Type', 'Planet').check()
  const either = all.filter((location) => location.type === '' || location.type === 'Planet')
  await expectListShows(list, { count: either.length, page: 1, names: namesOf(either) })

  // The dimension facet counts under the type choices; choosing one narrows with AND.
  const dimensions = countsOf(either, (location) => location.dimension)
  const [dimension, dimensionCount] = [...dimensions].sort(([, a], [, b]) => b - a)[0] ?? ['', 0]
  await expect(list.facetValue('Dimension', dimension)).toHaveAccessibleName(
    `${dimension || '(none)'} (${dimensionCount})`,
  )
  await list.facetValue('Dimension', dimension).check()
  const both = either.filter((location) => location.dimension === dimension)
  await expectListShows(list, { count: both.length, page: 1, names: namesOf(both) })

  // A "contains" filter narrows the counts too; a chosen value stays in its list, at 0.
  await list.field('Name').fill('qqzx no such name')
  await list.field('Name').press('Enter')
  await expect(list.emptyHeading).toBeVisible()
  await expect(list.facet('Type').getByRole('checkbox', { name: 'Planet (0)' })).toBeChecked()

  // Each choice is removable on its own (Clear filters would clear them all, facets and ranges too).
  await list.field('Name').fill('')
  await list.field('Name').press('Enter')
  await list.chosen.getByRole('button', { name: `Remove Dimension is ${dimension || '(none)'}` }).click()
  await expectListShows(list, { count: either.length, page: 1, names: namesOf(either) })
})

test('ranges keep counts and dates between two ends, either end optional, dates in UTC', async ({
  page,
  catalogue,
}) => {
  await openIndexedList(page, holdingsOf(catalogue), '/locations')
  const list = listView(page, 'locations')
  await list.rangeEnd('Residents', 'from').fill('3')
  await list.rangeEnd('Residents', 'to').fill('5')
  await list.rangeEnd('Residents', 'to').press('Enter')
  await expect(page).toHaveURL(/residents__gte=3&residents__lte=5/)
  const between = catalogue.locations.filter(
    (location) => location.residents.length >= 3 && location.residents.length <= 5,
  )
  await expectListShows(list, {
    count: between.length,
    page: 1,
    names: namesOf(pageOf(between, 1)),
  })
  await expect(list.chosen.getByRole('button', { name: 'Remove Residents from 3 to 5' })).toBeVisible()

  // A bad end is said, and changes nothing.
  await list.rangeEnd('Residents', 'from').fill('three')
  await list.rangeEnd('Residents', 'from').press('Enter')
  await expect(list.rangeEnd('Residents', 'from')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/residents__gte=3&/)

  const episodes = listView(page, 'episodes')
  await page.goto('/episodes?air_date__gte=2015&air_date__lte=2015')
  const in2015 = catalogue.episodes.filter(
    (episode) => parseAirDate(episode.air_date)?.getUTCFullYear() === 2015,
  )
  await expectListShows(episodes, { count: in2015.length, page: 1, names: namesOf(pageOf(in2015, 1)) })
  await expect(episodes.rangeEnd('Air date', 'from')).toHaveValue('2015')
})

test('the columns shown and their order are chosen, and kept in the address', async ({ page, catalogue }) => {
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await list.columnsButton.click()
  const chooser = page.getByRole('group', { name: 'Columns shown, in order' })
  await chooser.getByRole('checkbox', { name: 'Created' }).check()
  await chooser.getByRole('checkbox', { name: 'Dimension' }).uncheck()
  await chooser.getByRole('button', { name: 'Move Created up' }).click()
  await expect(page).toHaveURL(/_col=name&_col=type&_col=created&_col=residents/)
  await expect(list.table.getByRole('columnheader')).toHaveText([
    'Select',
    'Name↕',
    'Type↕',
    'Created↕',
    'Residents↕',
  ])
  await page.keyboard.press('Escape')
  await expect(chooser).toBeHidden()
  await expect(list.columnsButton).toBeFocused()

  await page.reload()
  await expect(list.table.getByRole('columnheader')).toHaveText([
    'Select',
    'Name↕',
    'Type↕',
    'Created↕',
    'Residents↕',
  ])
  // The service still answers a list with columns alone, in id order.
  await expectListShows(list, {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
})

test('a view is its address: reload, Back and Forward, and a link opened elsewhere give the same rows in the same order', async ({
  page,
  catalogue,
  browser,
}) => {
  await openIndexedList(page, holdingsOf(catalogue), '/episodes')
  const list = listView(page, 'episodes')
  await list.facetValue('Season', 'S02').check()
  await list.sortButton('Air date').click()
  await list.sortButton('Air date').click()
  await expect(list.header('Air date')).toHaveAttribute('aria-sort', 'descending')
  const season2 = catalogue.episodes.filter((episode) => episode.episode.startsWith('S02'))
  const view = sortedBy(season2, (episode) => parseAirDate(episode.air_date)?.getTime() ?? null, true)
  await expectListShows(list, { count: view.length, page: 1, names: namesOf(view) })
  const address = page.url()

  await page.reload()
  await expectListShows(list, { count: view.length, page: 1, names: namesOf(view) })
  await page.goBack()
  await expect(list.header('Air date')).toHaveAttribute('aria-sort', 'ascending')
  await page.goForward()
  await expectListShows(list, { count: view.length, page: 1, names: namesOf(view) })

  // Someone else's browser, with no index: the service answers the view, rows first.
  const path = new URL(address).pathname + new URL(address).search
  const other = await browser.newContext()
  const theirs = await other.newPage()
  await theirs.goto(path)
  const theirList = listView(theirs, 'episodes')
  await expectListShows(theirList, { count: view.length, page: 1, names: namesOf(view) })
  await expect(theirs.getByText('answered by the catalogue index')).toHaveCount(0)
  await other.close()

  // And on a service without views, with no index yet: the view says what it needs, then shows the same rows.
  const elsewhere = await browser.newContext({ baseURL: NO_VIEWS_URL })
  const there = await elsewhere.newPage()
  await there.goto(path)
  const thereList = listView(there, 'episodes')
  await expect(thereList.summary.or(there.getByText('answered by the catalogue index'))).toBeVisible()
  await expectListShows(thereList, { count: view.length, page: 1, names: namesOf(view) })
  await elsewhere.close()
})

test('a view opened on a service without views where the catalogue is too large to index unasked offers to build the index, then shows the view', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: LARGE_NO_VIEWS_URL })
  const page = await context.newPage()
  await page.goto('/locations?_sort_desc=residents')
  const list = listView(page, 'locations')
  await expect(page.getByText(/answered by the catalogue index/)).toBeVisible()
  await expect(list.rows).toHaveCount(0)
  await page.getByRole('button', { name: 'Build the index' }).first().click()
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending', INDEXED)
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  const counts = await list.rows.evaluateAll((rows) =>
    rows.map((row) => Number(row.querySelector('.col-numeric')?.textContent)),
  )
  expect(counts).toEqual([...counts].sort((a, b) => b - a))
  await context.close()
})

test('Export writes exactly the view: its records, its order and its columns', async ({
  page,
  catalogue,
}) => {
  await openIndexedList(
    page,
    holdingsOf(catalogue),
    '/locations?_sort_desc=residents&type__exact=Resort&type__exact=Base&_col=name&_col=residents&_col=id',
  )
  const list = listView(page, 'locations')
  const view = sortedBy(
    catalogue.locations.filter((location) => ['Resort', 'Base'].includes(location.type)),
    (location) => location.residents.length,
    true,
  )
  await expect(list.summary).toHaveText(summaryText(view.length, 1, 'location', 'locations'))

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = Papa.parse<Record<string, string>>(
    (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, ''),
    { header: true, skipEmptyLines: true },
  )
  expect(csv.meta.fields).toEqual(['name', 'residents', 'id'])
  expect(csv.data.map((row) => row.name)).toEqual(namesOf(view))

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  expect(JSON.parse(await readFile(await jsonDownload.path(), 'utf8'))).toEqual(
    view.map(({ name, residents, id }) => ({ name, residents, id })),
  )
})

test('an export’s file is named for the view: its facet values, its range and its sort', async ({ page }) => {
  await page.goto(
    '/locations?_sort_desc=residents&type__exact=Asteroid&dimension__exact=Dimension+(%CE%A9-7)&residents__gte=3&residents__lte=5',
  )
  await expect(listView(page, 'locations').summary).toHaveText(summaryText(2, 1, 'location', 'locations'))
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  // "Ω" is no letter of a-z: a dash, run into the others.
  expect(download.suggestedFilename()).toMatch(
    /^locations-type-asteroid-dimension-dimension-7-residents-3-to-5-by-residents-desc-\d{4}-\d{2}-\d{2}\.csv$/,
  )
})

test.describe('in a browser that can write files through the File System Access API', () => {
  test.use({ savePicker: 'private-folder' })

  for (const [service, url] of [
    ['that streams it', ''],
    ['without streams', NO_VIEWS_URL],
  ] as const)
    test(`a small export from a service ${service} is downloaded, as from any Export button, with no save dialog`, async ({
      page,
    }) => {
      await page.goto(`${url}/locations?type=Planet`)
      await expect(listView(page, 'locations').rows.first()).toBeVisible()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export JSON' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^locations-type-planet-\d{4}-\d{2}-\d{2}\.json$/)
      expect(await savePickerAsked(page)).toEqual([])
    })
})

test('Export from a service without streams shows how far it has gone as a count, not only as a bar', async ({
  page,
  catalogue,
}) => {
  // The index of locations stays incomplete (its last page waits), so the export reads the service, whose
  // second page of the filtered list waits too.
  const name = nameFillingPages(catalogue.locations)
  const pages = pagesOf(matching(catalogue.locations, { name }))
  const lastPage = String(pagesOf(catalogue.locations))
  const held = gate()
  await page.route(
    (url) =>
      url.pathname === `${API_PREFIX}/locations` &&
      (url.searchParams.get('name') === name
        ? url.searchParams.get('page') === '2'
        : url.searchParams.get('page') === lastPage),
    async (route) => {
      await held.passed
      await route.continue()
    },
  )
  await page.goto(`${NO_VIEWS_URL}/locations?name=${name}`)
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText(`1 of ${pages} pages`, { exact: true })).toBeVisible()
  held.open()
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
})
