/** The explorer says when it is ready to work offline, and is ready when it says so. */
import { listView } from './support/explorer'
import { expect, test } from './support/fixtures'

test.use({ serviceWorkers: 'allow' })
test.describe.configure({ timeout: 90_000 })

test('“Ready to work offline” appears once the index is complete and the app shell controls the page; a reload offline right then opens the list', async ({
  page,
  context,
  catalogue,
}) => {
  await page.goto('/locations')
  const status = page.getByRole('region', { name: 'Catalogue index' })
  await expect(status).toContainText('Ready to work offline', { timeout: 45_000 })
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  await context.setOffline(true)
  await page.reload()
  const list = listView(page, 'locations')
  await expect(list.heading).toBeVisible()
  await expect(list.summary).toContainText(`of ${catalogue.locations.length} locations`)
})
