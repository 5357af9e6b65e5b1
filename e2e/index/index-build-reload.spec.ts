/** A build of the catalogue index that the user started goes on after a reload, as a person expects. */

import { indexStatus, LARGE_INDEXED } from '../support/explorer'
import { gate, isLocationListPage } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { LARGE_LOCATIONS, LARGE_NO_VIEWS_URL } from '../support/large-catalogue'

test.describe.configure({ timeout: 90_000 })

test('a build cut short by a reload carries on by itself, and says its progress in one format', async ({
  page,
  context,
}) => {
  // The crawl's fifth page of locations waits: the reload comes while the build is under way.
  const held = gate()
  await context.route(
    (url) => url.origin === LARGE_NO_VIEWS_URL && isLocationListPage(5)(url) && url.searchParams.size === 1,
    async (route) => {
      await held.passed
      await route.continue().catch(() => {})
    },
  )
  await page.goto(`${LARGE_NO_VIEWS_URL}/episodes`)
  const status = indexStatus(page)
  await status.getByRole('button', { name: 'Build the index' }).click()
  await expect(status).toContainText(
    /Building the catalogue index:\s*\d+% · \d+ of 6\d pages, [\d,]+ records/,
  )

  await page.reload()
  await expect(status).toContainText('Building the catalogue index', { timeout: 30_000 })
  await expect(status.getByRole('button', { name: 'Resume indexing' })).toHaveCount(0)
  held.open()
  await expect(status).toContainText(
    `Catalogue index: ${LARGE_LOCATIONS.toLocaleString('en')} locations and 51 episodes`,
    LARGE_INDEXED,
  )
})

test('a build the user cancelled waits for Resume indexing after a reload', async ({ page, context }) => {
  const held = gate()
  await context.route(
    (url) => url.origin === LARGE_NO_VIEWS_URL && isLocationListPage(5)(url) && url.searchParams.size === 1,
    async (route) => {
      await held.passed
      await route.continue().catch(() => {})
    },
  )
  await page.goto(`${LARGE_NO_VIEWS_URL}/episodes`)
  const status = indexStatus(page)
  await status.getByRole('button', { name: 'Build the index' }).click()
  // Cancelled once a page is kept: a build cancelled before its first page leaves nothing to resume.
  await expect(status).toContainText(/Building the catalogue index:\s*\d+% · [1-9]\d* of 6\d pages/)
  await status.getByRole('button', { name: 'Cancel' }).click()
  await expect(status.getByRole('button', { name: 'Resume indexing' })).toBeVisible()
  held.open()
  await page.reload()
  await expect(status.getByRole('button', { name: 'Resume indexing' })).toBeVisible()
  await expect(status).toContainText('partly built')
})
