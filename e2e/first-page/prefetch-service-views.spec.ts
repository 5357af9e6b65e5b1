import { PAGE_SIZE } from '../../src/catalogue'
import { INDEXED, idlePrefetchesDone, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'

// The default service answers views: its lists never build the index unasked, but a record page's related
// records do (the shipped catalogue is small), and the list then reads its rows as the specification's pages.

test('list → record → back asks the network for nothing once the record’s related records are shown', async ({
  page,
}) => {
  const list = listView(page, 'locations')
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible()
  const link = list.rows.first().getByRole('link')
  const name = (await link.textContent()) ?? ''
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
  const related = page.getByRole('list', { name: 'Episodes its residents appear in' })
  await expect(related.getByRole('listitem').first()).toBeVisible(INDEXED)
  // The other pages' code comes in the page's idle moments; on a busy machine they run late: they are done
  // before the way back is watched.
  await idlePrefetchesDone(page)

  const requests: string[] = []
  page.on('request', (request) => {
    // Chromium itself asks for the tab's icon again on every new history entry; the page asks for nothing.
    if (new URL(request.url()).pathname !== '/favicon.svg') requests.push(request.url())
  })
  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(list.recordLink(name)).toBeVisible()
  // The next page, fetched ahead while the list was first shown, is not asked again either.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /^Next/ }).click()
  await expect(page).toHaveURL(/[?&]page=2\b/)
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(list.recordLink(name)).toBeHidden()
  // Page 3 is fetched ahead once page 2 is shown; nothing else is asked.
  expect(requests.filter((url) => !/[?&]page=3\b/.test(url))).toEqual([])
})
