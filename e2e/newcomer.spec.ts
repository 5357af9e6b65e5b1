/** What a newcomer ran into on a first look at the explorer, each fixed. */
import type { Page } from '@playwright/test'
import { PAGE_SIZE } from '../src/catalogue'
import { matching, nameFillingPages, namesOf, pageOf } from './support/catalogue'
import { expectListShows, listView } from './support/explorer'
import { isLocationList, jsonBody } from './support/faults'
import { expect, test } from './support/fixtures'
import { KEYED_URL } from './support/servers'
import { settingsView } from './support/settings'
import { urlState } from './support/url'

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name, exact: true })

test('an app address with malformed percent-encoding shows the explorer’s not-found page, not raw JSON', async ({
  page,
}) => {
  const response = await page.goto('/locations/%')
  expect(response?.headers()['content-type']).toMatch(/^text\/html/)
  await expect(h1(page, 'Location not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse all locations' })).toBeVisible()
})

test('a comparison of one distinct id is that record’s own page, in place', async ({ page, catalogue }) => {
  const [record] = catalogue.locations
  if (!record) throw new Error('empty catalogue')
  await page.goto('/locations')
  await page.goto(`/locations/${record.id},${record.id},${record.id}`)
  await expect(h1(page, record.name)).toBeVisible()
  expect(urlState(page).path).toBe(`/locations/${record.id}`)
  await expect(page.getByRole('heading', { name: 'Compare locations' })).toHaveCount(0)
  // Replaced, not added: Back leads to where the user was before.
  await page.goBack()
  expect(urlState(page).path).toBe('/locations')
})

test.describe('go to page', () => {
  for (const typed of ['-2', 'abc', '']) {
    test(`refuses ${JSON.stringify(typed)}, keeps it, and says what it accepts`, async ({ page }) => {
      const list = listView(page, 'locations')
      await page.goto('/locations')
      await expect(list.rows).toHaveCount(PAGE_SIZE)
      await list.jumpField.fill(typed)
      await list.jumpButton.click()
      await expect(list.jumpField).toHaveAttribute('aria-invalid', 'true')
      await expect(list.jumpField).toHaveAccessibleDescription('Enter a whole number from 1 to 7.')
      await expect(list.pagination.getByRole('status')).toHaveText('Enter a whole number from 1 to 7.')
      await expect(list.jumpField).toHaveValue(typed)
      expect(urlState(page).query).toEqual({})
    })
  }
})

test.describe('a service with keys configured', () => {
  test.use({ baseURL: KEYED_URL })

  test('a first visit puts focus in the key field', async ({ page }) => {
    await page.goto('/locations')
    await expect(settingsView(page).key).toBeFocused()
  })
})

test('empty and error states keep the catalogue’s count under the heading, and the layout', async ({
  page,
  catalogue,
}) => {
  const list = listView(page, 'locations')
  const count = page.getByText(`${catalogue.locations.length} locations in the catalogue`, { exact: true })
  const formTop = async () => (await list.form.boundingBox())?.y
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(count).toBeVisible()
  const top = await formTop()

  await page.goto('/locations?name=no%20such%20place%20qqzx')
  await expect(list.emptyHeading).toBeVisible()
  await expect(count).toBeVisible()
  expect(await formTop()).toBe(top)

  await page.route(
    (url) => isLocationList(url) && url.searchParams.has('name'),
    (route) => route.fulfill(jsonBody(500, { error: 'The service had a problem.' })),
  )
  // A filter the app asks for itself (the first view of an address comes with its rows).
  await list.field('Name').fill('earth')
  await list.field('Name').press('Enter')
  await expect(page).toHaveURL(/name=earth/)
  await expect(page.getByRole('alert')).toContainText('(500)')
  await expect(count).toBeVisible()
  expect(await formTop()).toBe(top)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true })

  test('the first row shows without scrolling; the filters fold behind a toggle that counts them', async ({
    page,
    catalogue,
  }) => {
    const list = listView(page, 'locations')
    const name = nameFillingPages(catalogue.locations)
    const type = matching(catalogue.locations, { name }).find((record) => record.type.length >= 3)?.type ?? ''
    const found = matching(catalogue.locations, { name, type })
    await page.goto(`/locations?name=${encodeURIComponent(name)}&type=${encodeURIComponent(type)}`)
    await expectListShows(list, { count: found.length, page: 1, names: namesOf(pageOf(found, 1)) })
    await expect(list.rows.first()).toBeInViewport({ ratio: 1 })

    const toggle = page.getByRole('button', { name: 'Filters (2)', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(list.field('Name')).toBeHidden()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(list.field('Name')).toHaveValue(name)
    await list.field('Name').fill('')
    await expect(page.getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible()
  })

  test('every control in the main content is at least 24 by 24 px', async ({ page, catalogue }) => {
    const [a, b] = catalogue.locations
    if (!a || !b) throw new Error('empty catalogue')
    const small: string[] = []
    for (const path of ['/locations', `/locations/${a.id}`, `/locations/${a.id},${b.id}`, '/settings']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('progressbar')).toHaveCount(0)
      small.push(
        ...(await page.evaluate((at) => {
          const controls = document.querySelectorAll<HTMLElement>(
            'main a[href], main button, main input, main select, main [role="link"]',
          )
          return [...controls].flatMap((control) => {
            const box = control.getBoundingClientRect()
            const shown = box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden'
            const label = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName
            return shown && (box.width < 24 || box.height < 24)
              ? [`${at}: ${label} (${Math.round(box.width)}×${Math.round(box.height)})`]
              : []
          })
        }, path)),
      )
    }
    expect(small, 'controls smaller than 24×24 px').toEqual([])
  })
})

test('page links open in a new tab, and the current page is marked', async ({ page, context, catalogue }) => {
  const list = listView(page, 'locations')
  await page.goto('/locations?page=2')
  await expect(list.pageNumber(2)).toHaveAttribute('aria-current', 'page')
  const third = list.pagination.getByRole('link', { name: 'Page 3', exact: true })
  await expect(third).toHaveAttribute('href', '/locations?page=3')

  const opened = context.waitForEvent('page')
  await third.click({ button: 'middle' })
  const tab = await opened
  await expectListShows(listView(tab, 'locations'), {
    count: catalogue.locations.length,
    page: 3,
    names: namesOf(pageOf(catalogue.locations, 3)),
  })
  // The first tab stayed where it was.
  expect(urlState(page).query).toEqual({ page: '2' })
})
