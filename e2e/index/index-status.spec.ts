/** The catalogue index's status on a catalogue too large to index without being asked: one status, one wording. */

import { indexStatus } from '../support/explorer'
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
