import { PAGE_SIZE } from '../../src/catalogue'
import { INDEXED, indexStatus, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { NO_VIEWS_URL } from '../support/servers'

// A service without views: its lists build the small catalogue's index unasked, as this spec expects.
test.use({ baseURL: NO_VIEWS_URL })

/** A record page's own code: a lazy chunk, which the explorer fetches on idle once the first page is shown. */
const RECORD_PAGE_CODE = /\/assets\/LocationRecordRoute-[^/]+\.js$/

test('once the list has settled, list → record → back asks the network for nothing', async ({ page }) => {
  const list = listView(page, 'locations')
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  // Nothing is pointed at: the record page's code arrives unasked, once the first page is on screen.
  await expect
    .poll(() =>
      page.evaluate(
        (pattern) =>
          performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
        RECORD_PAGE_CODE.source,
      ),
    )
    .toBe(true)
  // The catalogue index fetches every list page in the background once the list is on screen: let it finish,
  // so that what is counted below is what the navigations themselves ask for.
  const index = indexStatus(page)
  await expect(index.getByRole('button', { name: 'Refresh' })).toBeVisible(INDEXED)

  const requests: string[] = []
  page.on('request', (request) => {
    // Chromium itself asks for the tab's icon again on every new history entry; the page asks for nothing.
    if (new URL(request.url()).pathname !== '/favicon.svg') requests.push(request.url())
  })
  const link = list.rows.first().getByRole('link')
  const name = (await link.textContent()) ?? ''
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(list.recordLink(name)).toBeVisible()
  expect(requests).toEqual([])
})
