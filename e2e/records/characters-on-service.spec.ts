/**
 * On a catalogue too large to index unasked, a service that answers characters (contract §13) answers the
 * characters list, a character's page, a record's related records and the insights: no list is read and no
 * index is built. A service without the extension keeps today's way: those pages wait for the index.
 */
import type { Page } from '@playwright/test'
import { PAGE_SIZE } from '../../src/catalogue'
import { charactersOf } from '../support/dataset'
import { indexStatus } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL, LARGE_URL, largeDataset } from '../support/large-catalogue'

const dataset = largeDataset()
const characters = charactersOf(dataset)

/** Every API request a page makes, as `path?query`. */
function watchApi(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/v1/')) asked.push(`${url.pathname}${url.search}`)
  })
  return asked
}

/** Whether a request reads a whole list page by page, or streams it, as building the index does. */
function readsAList(path: string): boolean {
  const url = new URL(path, LARGE_URL)
  if (!/^\/v1\/(locations|episodes)\/?$/.test(url.pathname)) return false
  return url.searchParams.has('_export') || (url.searchParams.has('page') && url.searchParams.size === 1)
}

const heading = (page: Page, name: string, level = 1) =>
  page.getByRole('heading', { level, name, exact: true })

test('the characters list, sorted by a count, and a character’s page are the service’s answers, the address shown in API', async ({
  page,
}) => {
  const asked = watchApi(page)
  await page.goto(`${LARGE_URL}/characters?_sort_desc=episodes`)
  await expect(page.getByRole('status').filter({ hasText: 'characters' })).toHaveText(
    `1–${PAGE_SIZE} of ${characters.size.toLocaleString('en-US')} characters`,
  )
  const byEpisodes = [...characters].sort(
    ([a, x], [b, y]) => (y.counts.episodes ?? 0) - (x.counts.episodes ?? 0) || a - b,
  )
  const [busiestId, busiest] = byEpisodes[0] ?? [0, undefined]
  const firstRow = page.getByRole('table', { name: 'Characters' }).getByRole('row').nth(1)
  await expect(firstRow.getByRole('link')).toHaveText(`Character #${busiestId}`)
  await expect(firstRow.getByRole('cell').last()).toHaveText(String(busiest?.counts.episodes))

  await firstRow.getByRole('link').click()
  await expect(heading(page, `Character #${busiestId}`)).toBeVisible()
  const episodes = page.getByRole('heading', { level: 2, name: 'Episodes it appears in' })
  await expect(episodes).toBeVisible()
  const codes = page.locator('.season-group .code')
  await expect(codes).toHaveText(busiest?.episodes.map((episode) => episode.episode) ?? [])
  await page.getByText('API (1 request)').click()
  await expect(
    page.getByRole('heading', { name: `GET ${LARGE_URL}/v1/characters/${busiestId}` }),
  ).toBeVisible()

  expect(asked.filter(readsAList)).toEqual([])
  await expect(indexStatus(page)).toContainText('not built')
})

test('a location’s related episodes come from the service, a page at a time, most shared first', async ({
  page,
}) => {
  // The location whose residents appear in the most episodes.
  const relatedOf = (residents: readonly number[]) => {
    const shared = new Map<number, number>()
    for (const id of new Set(residents))
      for (const episode of characters.get(id)?.episodes ?? [])
        shared.set(episode.id, (shared.get(episode.id) ?? 0) + 1)
    return shared
  }
  const location = [...dataset.locations].sort(
    (a, b) => relatedOf(b.residents).size - relatedOf(a.residents).size || a.id - b.id,
  )[0]
  if (!location) throw new Error('the catalogue has no location')
  const related = relatedOf(location.residents)
  const asked = watchApi(page)
  await page.goto(`${LARGE_URL}/locations/${location.id}`)
  const section = page.getByRole('region', { name: 'Episodes its residents appear in' })
  const items = section.getByRole('listitem')
  await expect(items).toHaveCount(Math.min(PAGE_SIZE, related.size))
  const most = Math.max(...related.values())
  await expect(items.first()).toContainText(`${most} of its residents`)
  if (related.size > PAGE_SIZE) {
    await expect(section).toContainText(`${PAGE_SIZE} of ${related.size} shown.`)
    await section.getByRole('button', { name: 'Show more episodes' }).click()
    await expect(items).toHaveCount(Math.min(2 * PAGE_SIZE, related.size))
    // The first page came with the record's page, rendered by the service; the next is the app's request.
    expect(asked).toContain(`/v1/locations/${location.id}/episodes?page=2`)
  }
  expect(asked.filter(readsAList)).toEqual([])
})

test('the insights are counted by the service, and a bar opens exactly its records', async ({ page }) => {
  const asked = watchApi(page)
  await page.goto(`${LARGE_URL}/insights`)
  await expect(page.getByText('counted by its service')).toBeVisible()
  const figure = page.getByRole('figure', { name: 'Characters by number of episodes' })
  await figure.getByRole('button', { name: 'Show as table' }).click()
  const values = await figure.getByRole('cell').allTextContents()
  expect(values.reduce((total, text) => total + Number(text.replaceAll(',', '')), 0)).toBe(characters.size)

  const types = new Map<string, number>()
  for (const { type } of dataset.locations) types.set(type, (types.get(type) ?? 0) + 1)
  const [type, count] = [...types].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0] ?? ['', 0]
  await page
    .getByRole('figure', { name: 'Locations by type' })
    .getByRole('link', { name: `${type || '(none)'}: ${count.toLocaleString('en-US')} locations` })
    .click()
  await expect(page).toHaveURL(/\/locations\?type__exact=/)
  await expect(page.getByRole('status').filter({ hasText: 'locations' })).toContainText(
    `of ${count.toLocaleString('en-US')} locations`,
  )
  expect(asked.filter(readsAList)).toEqual([])
})

test('a character’s page and the insights come rendered by the service, and the app asks nothing again', async ({
  page,
}) => {
  const [id, character] = [...characters].find(([, { episodes }]) => episodes.length > 0) ?? [0, undefined]
  const asked = watchApi(page)
  const html = await (await page.goto(`${LARGE_URL}/characters/${id}`))?.text()
  expect(html).toContain(`>${character?.episodes[0]?.episode}<`)
  // The disclosure's requests are the app's (shown once opened): the page has become the app.
  await page.getByText('API (1 request)').click()
  await expect(page.getByText('The page, rendered by the service', { exact: false })).toBeVisible()

  const insights = await (await page.goto(`${LARGE_URL}/insights`))?.text()
  expect(insights).toContain('Characters by number of episodes')
  await page.getByText('API (3 requests)').click()
  await expect(page.getByText('The page, rendered by the service', { exact: false })).toHaveCount(3)
  expect(asked).toEqual([])
})

test('a service without the extension: a character page and the insights wait for the index, as before', async ({
  page,
}) => {
  const asked = watchApi(page)
  const [id] = [...characters.keys()]
  await page.goto(`${LARGE_NO_VIEWS_URL}/characters/${id}`)
  await expect(page.getByText(`This page will show character #${id}`)).toBeVisible()
  await expect(indexStatus(page).getByRole('button', { name: 'Build the index' })).toBeVisible()
  await page.getByRole('link', { name: 'Insights' }).click()
  await expect(page.getByText(/Build the index \(above\) to see them\./)).toBeVisible()
  expect(asked.filter((path) => path.startsWith('/v1/characters'))).toEqual([])
})
