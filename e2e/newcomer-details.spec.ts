/** Smaller things a newcomer ran into on a third look (the offline banner, /api, the pager, comparisons, …). */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { API_PREFIX } from '../src/catalogue'
import { holdingsOf, matching, nameFillingPages, pagesOf } from './support/catalogue'
import { compareView, listView, openIndexed, scrollsSideways } from './support/explorer'
import { gate } from './support/faults'
import { expect, test } from './support/fixtures'
import { NO_VIEWS_URL } from './support/servers'
import { urlState } from './support/url'

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

test('the offline banner’s Retry is a button like the others: at least 24 px tall, in the page’s type size', async ({
  page,
  catalogue,
}) => {
  const counts = holdingsOf(catalogue)
  await openIndexed(page, counts)
  await page.route(`**${API_PREFIX}/**`, (route) => route.abort('internetdisconnected'))
  await page.goto('/locations?name=a&page=2')
  const banner = page.getByRole('status').filter({ hasText: 'Offline: showing the catalogue as of' })
  const retry = banner.getByRole('button', { name: 'Retry' })
  await expect(retry).toBeVisible()
  const box = await retry.boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(24)
  const size = (locator: typeof retry) => locator.evaluate((element) => getComputedStyle(element).fontSize)
  expect(await size(retry)).toBe(await size(listView(page, 'locations').clearFilters))
})

test('/api names every response section uniquely (axe landmark-unique)', async ({ page }) => {
  await page.goto('/api')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: /200 OK/ }).first()).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()
  expect(violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([])
})

test('opening / warns of nothing in the console', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
  })
  await page.goto('/')
  await expect(h1(page, 'Locations')).toBeVisible()
  expect(warnings.filter((text) => text.includes('does not have an element'))).toEqual([])
})

test('going to page 99 of a shorter list says it went to the last page', async ({ page, catalogue }) => {
  const list = listView(page, 'locations')
  const pages = pagesOf(catalogue.locations)
  await page.goto('/locations')
  await list.jumpField.fill('99')
  await list.jumpButton.click()
  await expect(list.pageNumber(pages)).toHaveAttribute('aria-current', 'page')
  await expect(list.pagination.getByRole('status')).toHaveText(
    `There is no page 99: this list has ${pages} pages, so this is the last.`,
  )
})

test('a character’s address is shown as the reference it is, not a link', async ({ page, catalogue }) => {
  const counts = holdingsOf(catalogue)
  await openIndexed(page, counts)
  await page.goto('/characters/1')
  await expect(h1(page, 'Character #1')).toBeVisible()
  const address = page.getByRole('definition').filter({ hasText: '/v1/characters/1' })
  await expect(address).toBeVisible()
  await expect(address.getByRole('link')).toHaveCount(0)
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

test.describe('comparisons', () => {
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

  test('after Remove focus stays in the table, after Add in the search field', async ({
    page,
    catalogue,
  }) => {
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
})
