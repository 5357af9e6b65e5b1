/** Where the page is scrolled to, and where focus is, when a record opens and when Back and Forward return. */
import type { Page } from '@playwright/test'
import { PAGE_SIZE } from '../../src/catalogue'
import { listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

test('a record opened from far down a list opens at its top; Back returns to the row, Forward to the record’s top', async ({
  page,
  catalogue,
}) => {
  const list = listView(page, 'locations')
  const record = catalogue.locations[17]
  if (!record) throw new Error('the catalogue has fewer than 18 locations')
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)

  const link = list.recordLink(record.name)
  await link.scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollBy(0, 200))
  const listScroll = await scrollY(page)
  expect(listScroll, 'the 18th row is far enough down to need a scroll').toBeGreaterThan(300)
  await link.focus()
  await page.keyboard.press('Enter')

  const heading = page.getByRole('heading', { level: 1, name: record.name, exact: true })
  await expect(heading).toBeFocused()
  await expect.poll(() => scrollY(page)).toBe(0)
  await expect(page.getByRole('link', { name: /^Back to locations/ })).toBeInViewport()

  await page.goBack()
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(link).toBeFocused()
  await expect.poll(() => scrollY(page)).toBe(listScroll)

  await page.goForward()
  await expect(heading).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(0)
  await expect(heading).toBeFocused()
})

test('paging keeps the pager’s place rather than jumping to the top of the page', async ({ page }) => {
  const list = listView(page, 'locations')
  await page.setViewportSize({ width: 1280, height: 1600 })
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  // The pager in view, the page scrolled: a click then needs no scrolling of its own.
  await list.pageNumber(2).scrollIntoViewIfNeeded()
  const before = await scrollY(page)
  expect(before).toBeGreaterThan(0)
  await list.pageNumber(2).click()
  await expect(list.pageNumber(2)).toHaveAttribute('aria-current', 'page')
  expect(await scrollY(page)).toBe(before)
})
