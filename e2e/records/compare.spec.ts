import type { Page, Request } from '@playwright/test'
import { characterIdFromUrl, type Episode, type Location } from '../../src/catalogue'
import { holdingsOf, matching, nameFillingPages, namesOf, pageOf } from '../support/catalogue'
import { compareView, listView, openIndexed, savingData, scrollsSideways, titleOf } from '../support/explorer'
import { gate, isLocationList } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { NO_VIEWS_URL } from '../support/servers'
import { urlState } from '../support/url'

/** Requests the page makes for records by id (`/v1/locations/7`, `/v1/locations/1,5`), not for lists. */
function recordRequests(page: Page, collection: 'locations' | 'episodes'): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    const path = decodeURIComponent(new URL(request.url()).pathname)
    if (new RegExp(`^/v1/${collection}/[^/]+$`).test(path)) seen.push(request)
  })
  return seen
}

test('rows ticked on two pages open side by side with one request, and Back retraces the way', async ({
  page,
  catalogue,
}) => {
  const name = nameFillingPages(catalogue.locations)
  const filtered = matching(catalogue.locations, { name })
  const [onPage1, onPage2] = [pageOf(filtered, 1), pageOf(filtered, 2)]
  // Picked out of order and on two pages; the compare address lists them in ascending id order.
  const picked = [onPage1[4], onPage1[0], onPage2[0]].filter((record) => record !== undefined)
  expect(picked).toHaveLength(3)
  const [a, b, c] = picked as [Location, Location, Location]
  const ids = picked.map((record) => record.id).sort((x, y) => x - y)
  const list = listView(page, 'locations')
  await page.goto(`/locations?name=${encodeURIComponent(name)}`)
  await expect(list.table.getByRole('link')).toHaveText(namesOf(onPage1))

  await expect(list.compareButton).toHaveText('Compare selected (0)')
  await expect(list.compareButton).toBeDisabled()
  await list.select(a.name).check()
  await expect(list.compareButton).toHaveText('Compare selected (1)')
  await expect(list.compareButton).toBeDisabled()
  // With one tick, Clear selection takes the hint's place; the hint still describes Compare.
  await expect(list.compareButton).toHaveAccessibleDescription('Tick two or more to compare them.')
  await expect(page.getByRole('button', { name: 'Clear selection' })).toBeVisible()
  await list.select(b.name).check()
  await list.pageControl('Next page').click()
  await expect(list.table.getByRole('link')).toHaveText(namesOf(onPage2))
  // Ticks stay while paging through the same filters.
  await list.select(c.name).check()
  await expect(list.compareButton).toHaveText('Compare selected (3)')
  await expect(list.compareButton).toBeEnabled()

  const idsPath = `/v1/locations/${ids.join(',')}`
  const requests = recordRequests(page, 'locations')
  const sent = page.waitForRequest(
    (request) => decodeURIComponent(new URL(request.url()).pathname) === idsPath,
  )
  await list.compareButton.click()
  await sent
  // The request starts with the navigation; the address follows once the page's code is here too.
  await expect.poll(() => urlState(page).path).toBe(`/locations/${ids.join(',')}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Compare locations' })).toBeVisible()
  await expect(page).toHaveTitle(titleOf('Compare locations'))
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(3)
  for (const record of picked) {
    await expect(compared.recordLink(record.name)).toBeVisible()
  }

  // A record opened from the comparison leads back to it, and the comparison back to the list's page 2.
  await compared.recordLink(c.name).click()
  await expect(page.getByRole('heading', { level: 1, name: c.name })).toBeVisible()
  await page.getByRole('link', { name: 'Back to comparison' }).click()
  await expect(compared.columns).toHaveCount(3)
  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expect(list.table.getByRole('link')).toHaveText(namesOf(onPage2))
  expect(urlState(page)).toEqual({ path: '/locations', query: { name, page: '2' } })

  // Exactly one request for all of them: no request per record, no second multi-id request.
  expect(requests.map((request) => decodeURIComponent(new URL(request.url()).pathname))).toEqual([idsPath])
})

test('a compare address with brackets shows the records found and names the ids not found', async ({
  page,
  catalogue,
}) => {
  const [second, third] = [catalogue.episodes[1], catalogue.episodes[2]]
  if (!second || !third) throw new Error('fewer than three episodes')
  const missing = Math.max(...catalogue.episodes.map((episode) => episode.id)) + 1000
  const requests = recordRequests(page, 'episodes')

  await page.goto(`/episodes/[${second.id},${third.id},${missing}]`)
  await expect(page.getByRole('heading', { level: 1, name: 'Compare episodes' })).toBeVisible()
  const compared = compareView(page, 'episodes')
  await expect(compared.recordLink(second.name)).toBeVisible()
  await expect(compared.recordLink(third.name)).toBeVisible()
  await expect(compared.columns).toHaveCount(2)
  await expect(page.getByText(`Not found: #${missing}`)).toBeVisible()
  // The service rendered the comparison from its one request: the browser asks for nothing more.
  expect(requests).toHaveLength(0)
})

test('a comparison marks and counts the characters every episode shares, as the catalogue has them', async ({
  page,
  catalogue,
}) => {
  const characters = (episode: Episode) => [
    ...new Set(episode.characters.flatMap((url) => characterIdFromUrl(url) ?? [])),
  ]
  const pairs = catalogue.episodes.flatMap((a) =>
    catalogue.episodes
      .filter((b) => b.id > a.id)
      .map((b) => ({ a, b, shared: characters(a).filter((id) => characters(b).includes(id)) })),
  )
  // Two that share characters and aired on different dates.
  const pair = pairs.find(({ a, b, shared }) => shared.length >= 2 && a.air_date !== b.air_date)
  if (!pair) throw new Error('no two episodes of different air dates share two characters')
  const shared = pair.shared.sort((x, y) => x - y)
  await page.goto(`/episodes/${pair.a.id},${pair.b.id}`)
  const compared = compareView(page, 'episodes')
  await expect(compared.columns).toHaveCount(2)
  await expect(compared.row('Shared by all')).toContainText(`Shared by all: ${shared.length}`)
  await expect(compared.shared('Characters').getByRole('link')).toHaveText(shared.map((id) => `#${id}`))
  // Marked in each column's own list, in words for screen readers as well as by sight.
  await expect(compared.row('Characters').getByRole('link', { name: /, shared by all$/ })).toHaveCount(
    shared.length * 2,
  )
  const onlyInA = characters(pair.a).filter((id) => !characters(pair.b).includes(id))
  const onlyText =
    onlyInA.length === 0 ? 'No characters' : `${onlyInA.length} character${onlyInA.length === 1 ? '' : 's'}`
  await expect(
    compared.row('Only in this one').getByRole('cell').first().getByText(onlyText, { exact: true }),
  ).toBeVisible()
  // A field whose values differ says so in words.
  await expect(compared.row('Air date').getByRole('rowheader')).toContainText('differs')
})

test('removing a record and adding one found by search update the comparison and its address', async ({
  page,
  catalogue,
}) => {
  const [a, b, c] = catalogue.locations
  const added = catalogue.locations.find(
    (location) => location.id > 3 && matching(catalogue.locations, { name: location.name }).length === 1,
  )
  if (!a || !b || !c || !added) throw new Error('too few locations')
  await page.goto(`/locations/${a.id},${b.id},${c.id}`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(3)
  await compared.remove(b.name).click()
  await expect.poll(() => urlState(page).path).toBe(`/locations/${a.id},${c.id}`)
  await expect(compared.columns).toHaveCount(2)
  // Two are the fewest a comparison shows.
  await expect(compared.table.getByRole('button', { name: /^Remove / })).toHaveCount(0)

  await page.getByRole('searchbox', { name: 'Search locations to add' }).fill(added.name)
  await page.getByRole('button', { name: `Add ${added.name}`, exact: true }).click()
  await expect
    .poll(() => urlState(page).path)
    .toBe(`/locations/${[a.id, c.id, added.id].sort((x, y) => x - y).join(',')}`)
  await expect(compared.recordLink(added.name)).toBeVisible()
  await expect(compared.columns).toHaveCount(3)
})

test('before the index, on a service that does not search, adding searches names on it and concludes nothing from the previous name while the new one is looked up', async ({
  page,
  catalogue,
}) => {
  const unique = catalogue.locations.filter(
    (location) => matching(catalogue.locations, { name: location.name }).length === 1,
  )
  const [a, b, added] = unique
  if (!a || !b || !added) throw new Error('too few locations with a name of their own')
  // The reader saves data: a search does not index the small catalogue meanwhile, so the service answers each
  // (with its names filter: it has no search of its own, contract §13).
  await savingData(page)
  await page.goto(`${NO_VIEWS_URL}/locations/${a.id},${b.id}`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(2)
  const field = page.getByRole('searchbox', { name: 'Search locations to add' })
  await field.fill(a.name)
  await expect(page.getByText(`No other location names contain “${a.name}” as written.`)).toBeVisible()

  const held = gate()
  await page.route(
    (url) => isLocationList(url) && url.searchParams.get('name') === added.name,
    async (route) => {
      await held.passed
      await route.continue()
    },
  )
  const asked = page.waitForRequest(
    (request) => new URL(request.url()).searchParams.get('name') === added.name,
  )
  await field.fill(added.name)
  await asked
  await expect(page.getByText(/^No other location/)).toBeHidden()
  held.open()
  await expect(page.getByText('1 location to add', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: `Add ${added.name}`, exact: true })).toBeVisible()
})

test('with the catalogue indexed, adding finds a record in spite of accents, case and a typo', async ({
  page,
  catalogue,
}) => {
  test.setTimeout(90_000)
  const cafe = catalogue.locations.find((location) => location.name === 'Café Müller')
  const [a, b] = catalogue.locations.filter((location) => location !== cafe)
  if (!cafe || !a || !b) throw new Error('the shipped dataset has Café Müller')
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto(`/locations/${a.id},${b.id}`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(2)
  await page.getByRole('searchbox', { name: 'Search locations to add' }).fill('CAFE MULER')
  await page.getByRole('button', { name: 'Add Café Müller', exact: true }).click()
  await expect
    .poll(() => urlState(page).path)
    .toBe(`/locations/${[a.id, b.id, cafe.id].sort((x, y) => x - y).join(',')}`)
  await expect(compared.recordLink('Café Müller')).toBeVisible()
})

test('a comparison of one distinct id is that record’s own page, in place', async ({ page, catalogue }) => {
  const [record] = catalogue.locations
  if (!record) throw new Error('empty catalogue')
  await page.goto('/locations')
  await page.goto(`/locations/${record.id},${record.id},${record.id}`)
  await expect(page.getByRole('heading', { level: 1, name: record.name, exact: true })).toBeVisible()
  expect(urlState(page).path).toBe(`/locations/${record.id}`)
  await expect(page.getByRole('heading', { name: 'Compare locations' })).toHaveCount(0)
  // Replaced, not added: Back leads to where the user was before.
  await page.goBack()
  expect(urlState(page).path).toBe('/locations')
})

test('six records at 1280 px scroll inside the comparison, with the field names kept in view', async ({
  page,
  catalogue,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const six = catalogue.locations.slice(0, 6)
  const last = six.at(-1)
  if (!last) throw new Error('fewer than six locations')
  await page.goto(`/locations/${six.map((record) => record.id).join(',')}`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(6)
  expect(await scrollsSideways(page)).toBe(false)
  const region = page.getByRole('region', { name: 'Compare locations, side by side' })
  const typeHeader = compared.row('Type').getByRole('rowheader')
  const before = await typeHeader.boundingBox()
  await region.evaluate((element) => {
    element.scrollLeft = element.scrollWidth
  })
  const lastLink = compared.recordLink(last.name)
  await expect(lastLink).toBeInViewport({ ratio: 1 })
  const regionBox = await region.boundingBox()
  const lastBox = await lastLink.boundingBox()
  expect((lastBox?.x ?? 0) + (lastBox?.width ?? 0)).toBeLessThanOrEqual(
    (regionBox?.x ?? 0) + (regionBox?.width ?? 0),
  )
  expect((await typeHeader.boundingBox())?.x).toBe(before?.x)
})

test('after Remove focus stays in the table, after Add in the search field', async ({ page, catalogue }) => {
  const [a, b, c, d] = catalogue.locations
  if (!a || !b || !c || !d) throw new Error('too few locations')
  await page.goto(`/locations/${a.id},${b.id},${c.id},${d.id}`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(4)
  await compared.remove(b.name).click()
  await expect.poll(() => urlState(page).path).toBe(`/locations/${a.id},${c.id},${d.id}`)
  await expect(compared.columns).toHaveCount(3)
  // The column that took the removed one's place.
  await expect(compared.remove(c.name)).toBeFocused()

  const field = page.getByRole('searchbox', { name: 'Search locations to add' })
  await field.fill(b.name)
  await page.getByRole('button', { name: `Add ${b.name}`, exact: true }).click()
  await expect(compared.columns).toHaveCount(4)
  await expect(field).toBeFocused()
})
