/** Where focus goes after an export, after opening a saved view, and after "Back to locations" from a record. */
import { holdingsOf, pageOf } from '../support/catalogue'
import { listView, openIndexed } from '../support/explorer'
import { expect, test } from '../support/fixtures'

test.describe.configure({ timeout: 90_000 })

test('after Export CSV and Export JSON, focus is on the button pressed', async ({ page, catalogue }) => {
  await openIndexed(page, holdingsOf(catalogue))
  const list = listView(page, 'locations')
  await expect(list.rows.first()).toBeVisible()
  for (const format of ['CSV', 'JSON']) {
    const button = page.getByRole('button', { name: `Export ${format}` })
    const download = page.waitForEvent('download')
    await button.focus()
    await page.keyboard.press('Enter')
    await download
    await expect(button).toBeFocused()
  }
})

test('opening a saved view from the Views menu puts focus on the list’s heading', async ({ page }) => {
  const list = listView(page, 'episodes')
  await page.goto('/episodes?episode=S02')
  await expect(list.rows.first()).toBeVisible()
  const views = page.getByRole('button', { name: 'Views', exact: true })
  await views.click()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Season two')
  await page.getByRole('button', { name: 'Save view', exact: true }).click()
  await page.goto('/episodes')
  await expect(list.rows.first()).toBeVisible()
  await views.click()
  await page.getByRole('link', { name: 'Season two', exact: true }).press('Enter')
  await expect(list.field('Episode code')).toHaveValue('S02')
  await expect(list.heading).toBeFocused()
})

test('“Back to locations” from a record puts focus back on the row link that opened it, as Back does', async ({
  page,
  catalogue,
}) => {
  const list = listView(page, 'locations')
  const record = pageOf(catalogue.locations, 2)[4]
  if (!record) throw new Error('a short catalogue')
  await page.goto('/locations?page=2')
  await expect(list.recordLink(record.name)).toBeVisible()
  await list.recordLink(record.name).click()
  await expect(page.getByRole('heading', { level: 1, name: record.name })).toBeVisible()
  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expect(list.recordLink(record.name)).toBeFocused()

  // With the keyboard too.
  await list.recordLink(record.name).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: record.name })).toBeVisible()
  await page.getByRole('link', { name: 'Back to locations' }).press('Enter')
  await expect(list.recordLink(record.name)).toBeFocused()

  // And from a view the catalogue index answers, whose rows come a moment after the address.
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/locations?_sort_desc=name&page=2')
  const sorted = list.rows.nth(4).getByRole('link')
  await expect(list.header('Name')).toHaveAttribute('aria-sort', 'descending')
  const name = await sorted.textContent()
  await sorted.click()
  await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expect(list.recordLink(name ?? '')).toBeFocused()
})
