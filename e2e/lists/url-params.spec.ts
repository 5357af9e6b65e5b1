import { matching, namesOf, pageOf, pagesOf, wordMatching } from '../support/catalogue'
import { expectListShows, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { urlState } from '../support/url'

// Other bad forms (-1, 1.5, empty) are read by the same parser, covered by its unit tests (src/lib/list-url.test.ts).
for (const bad of ['abc', '0']) {
  test(`page=${bad} in the address shows page 1 and drops the parameter in place`, async ({
    page,
    catalogue,
  }) => {
    const list = listView(page, 'locations')
    // Start somewhere else, so "in place" can be told apart from a new history entry.
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

    await page.goto(`/locations?page=${bad}`)
    await expectListShows(list, {
      count: catalogue.locations.length,
      page: 1,
      names: namesOf(pageOf(catalogue.locations, 1)),
    })
    await expect.poll(() => urlState(page)).toEqual({ path: '/locations', query: {} })
    await expect(page.getByRole('alert')).toHaveCount(0)

    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  })
}

test('a page beyond the last shows the last page, with the address corrected', async ({
  page,
  catalogue,
}) => {
  const all = catalogue.locations
  const last = pagesOf(all)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.goto('/locations?page=999')
  await expectListShows(listView(page, 'locations'), {
    count: all.length,
    page: last,
    names: namesOf(pageOf(all, last)),
  })
  await expect.poll(() => urlState(page)).toEqual({ path: '/locations', query: { page: String(last) } })
  // Corrected in place: Back leaves the list instead of returning to page 999.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
})

test('a page beyond the last of a filtered list keeps the filter', async ({ page, catalogue }) => {
  const word = wordMatching(catalogue.episodes, 'name', 2, 20)
  const found = matching(catalogue.episodes, { name: word })
  await page.goto(`/episodes?name=${encodeURIComponent(word)}&page=5`)
  await expectListShows(listView(page, 'episodes'), { count: found.length, page: 1, names: namesOf(found) })
  await expect.poll(() => urlState(page)).toEqual({ path: '/episodes', query: { name: word } })
  await expect(listView(page, 'episodes').field('Name')).toHaveValue(word)
})

test('an app address with malformed percent-encoding shows the explorer’s not-found page, not raw JSON', async ({
  page,
}) => {
  const response = await page.goto('/locations/%')
  expect(response?.headers()['content-type']).toMatch(/^text\/html/)
  await expect(page.getByRole('heading', { level: 1, name: 'Location not found', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse all locations' })).toBeVisible()
})
