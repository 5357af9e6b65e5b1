/** The catalogue index's status on a catalogue too large to index without being asked: one status, one wording. */

import { indexStatus, LARGE_INDEXED } from '../support/explorer'
import { gate, isLocationListPage } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL } from '../support/large-catalogue'

// The large catalogue on a service without views (playwright.config.ts): too large to be indexed without being
// asked; the status learns each list's size from the specification's pages the explorer reads.
test.use({ baseURL: LARGE_NO_VIEWS_URL })

// The episodes' size is known too when their first page came before the locations' (what follows "pages").
const NOT_BUILT = /^Catalogue index: not built \(1,200 locations in 60 pages( and 51 episodes in 3 pages)?\)/

test('a first visit says the index is not built, with the pages of each list, and offers to build it', async ({
  page,
}) => {
  await page.goto('/')
  const status = indexStatus(page)
  await expect(status).toHaveText(NOT_BUILT)
  await expect(status.getByRole('button')).toHaveText(['Build the index'])
  await expect(status).not.toContainText(/so far|per list|Resume/)

  await page.goto('/insights')
  await expect(status).toHaveText(NOT_BUILT)
  await expect(status.getByRole('button')).toHaveText(['Build the index'])
  await expect(page.getByText('Build the index (above) to see them.')).toBeVisible()
})

test('while the index is built, its status shows how far in whole percents, as its figures say; a screen reader hears each quarter', async ({
  page,
  context,
}) => {
  // Page 31 of the locations waits: the build stops once the 30 before it and the episodes' 3 pages are kept,
  // 33 of 63 pages (the crawl keeps a list's pages in order), 52 %: past the half a screen reader last heard.
  const held = gate()
  await context.route(
    (url) => url.origin === LARGE_NO_VIEWS_URL && isLocationListPage(31)(url) && url.searchParams.size === 1,
    async (route) => {
      await held.passed
      await route.continue().catch(() => {})
    },
  )
  await page.goto('/')
  const status = indexStatus(page)
  await status.getByRole('button', { name: 'Build the index' }).click()
  await expect(status).toContainText(/Building the catalogue index:\s*52% · 33 of 63 pages, 651 records/)
  await expect(status.getByRole('status')).toHaveText('Catalogue index 50% built')
  held.open()
  await expect(status.getByRole('status')).toHaveText('Catalogue index ready', LARGE_INDEXED)
})
