import type { Page, Request } from '@playwright/test'
import { namesOf, pageOf } from './support/catalogue'
import { listView, titleOf } from './support/explorer'
import { expect, test } from './support/fixtures'
import { urlState } from './support/url'

/** Requests the page makes for records by id (`/v1/locations/7`, `/v1/locations/1,5`), not for lists. */
function recordRequests(page: Page, collection: 'locations' | 'episodes'): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    const path = decodeURIComponent(new URL(request.url()).pathname)
    if (new RegExp(`^/v1/${collection}/[^/]+$`).test(path)) seen.push(request)
  })
  return seen
}

test('selected rows open side by side, fetched with one request', async ({ page, catalogue }) => {
  const shown = pageOf(catalogue.locations, 1)
  // Picked out of order; the compare address lists them in ascending id order.
  const picked = [shown[4], shown[0], shown[2]].filter((record) => record !== undefined)
  expect(picked).toHaveLength(3)
  const ids = picked.map((record) => record.id).sort((a, b) => a - b)
  const list = listView(page, 'locations')
  await page.goto('/locations')
  await expect(list.table.getByRole('link')).toHaveText(namesOf(shown))

  await expect(list.compareButton).toHaveText('Compare selected (0)')
  await expect(list.compareButton).toBeDisabled()
  const [first, ...others] = picked
  if (!first) throw new Error('unreachable')
  await list.select(first.name).check()
  await expect(list.compareButton).toHaveText('Compare selected (1)')
  await expect(list.compareButton).toBeDisabled()
  for (const record of others) await list.select(record.name).check()
  await expect(list.compareButton).toHaveText('Compare selected (3)')
  await expect(list.compareButton).toBeEnabled()

  const idsPath = `/v1/locations/${ids.join(',')}`
  const requests = recordRequests(page, 'locations')
  const sent = page.waitForRequest(
    (request) => decodeURIComponent(new URL(request.url()).pathname) === idsPath,
  )
  await list.compareButton.click()
  await sent
  expect(urlState(page).path).toBe(`/locations/${ids.join(',')}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Compare locations' })).toBeVisible()
  await expect(page).toHaveTitle(titleOf('Compare locations'))
  const articles = page.getByRole('article')
  await expect(articles).toHaveCount(3)
  for (const record of picked) {
    await expect(page.getByRole('article', { name: record.name, exact: true })).toBeVisible()
  }
  // Exactly one request for all of them: no request per record, no second multi-id request.
  expect(requests.map((request) => decodeURIComponent(new URL(request.url()).pathname))).toEqual([idsPath])
})

test('a compare address with brackets shows the records found and names the ids not found', async ({
  page,
  catalogue,
}) => {
  const [second, third] = [catalogue.episodes[1], catalogue.episodes[2]]
  if (!second || !third) throw new Error('fewer than three episodes')
  const missing = Math.max(...catalogue.episodes.map((episode) => episode.id)) + 1000
  const requests = recordRequests(page, 'episodes')

  await page.goto(`/episodes/[${second.id},${third.id},${missing}]`)
  await expect(page.getByRole('heading', { level: 1, name: 'Compare episodes' })).toBeVisible()
  await expect(page.getByRole('article', { name: second.name, exact: true })).toBeVisible()
  await expect(page.getByRole('article', { name: third.name, exact: true })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(page.getByText(`Not found: #${missing}`)).toBeVisible()
  expect(requests).toHaveLength(1)
})
