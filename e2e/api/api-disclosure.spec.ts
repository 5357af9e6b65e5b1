import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { API_PREFIX, PAGE_SIZE } from '../../src/catalogue'
import { matching, pageOf } from '../support/catalogue'
import { listView, savingData } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { DEMO_KEY, DEMO_URL, SHELL_URL } from '../support/servers'

/** The "API" disclosure at the foot of a page, and the parts of one request in it. */
function apiView(page: Page, origin = DEMO_URL) {
  return {
    summary: page.getByText(/^API \(\d+ requests?\)$/),
    request: (path: string) => page.getByRole('region', { name: `GET ${origin}${path}` }),
    copyCurl: page.getByRole('button', { name: 'Copy as curl' }),
    includeKey: page.getByRole('checkbox', { name: /Include my key/ }),
    copied: page.getByRole('status').filter({ hasText: 'copied' }),
    responseToggle: page.getByText('Response JSON', { exact: true }),
  }
}

const RENDERED_BY_THE_SERVICE = /^The page, rendered by the service, at \d\d:\d\d:\d\d$/

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('a list shows the request behind it, and Copy as curl never holds the key unless chosen', async ({
  page,
  catalogue,
}) => {
  // The reader saves data, so the small catalogue is not indexed unasked: the service answers the list.
  await savingData(page)
  // A service that answers views is asked the page with its facets counted (contract §12).
  const path = `${API_PREFIX}/locations?type=Planet&_facet=type&_facet=dimension&_facet_size=100`
  const planets = matching(catalogue.locations, { type: 'Planet' })
  await page.goto('/locations?type=Planet')
  await expect(listView(page, 'locations').rows).toHaveCount(Math.min(planets.length, PAGE_SIZE))

  const api = apiView(page)
  await api.summary.click()
  const request = api.request(path)
  await expect(request).toBeVisible()
  await expect(request.getByRole('definition').nth(0)).toHaveText('200')
  // The first view came with its rows: the service asked for them while rendering the page.
  await expect(request.getByRole('definition').nth(3)).toHaveText(RENDERED_BY_THE_SERVICE)

  // Without the choice: the key is the shell's variable; the command works once it is set.
  await api.copyCurl.click()
  await expect(api.copied).toHaveText('curl command copied.')
  const command = await clipboard(page)
  expect(command).toBe(
    `curl -H "Authorization: Bearer $CATALOGUE_API_KEY" -H 'Accept: application/json' '${DEMO_URL}${path}'`,
  )
  expect(command).not.toContain(DEMO_KEY)
  const answer = JSON.parse(
    execFileSync('bash', ['-c', `${command} --silent`], {
      env: { ...process.env, CATALOGUE_API_KEY: DEMO_KEY },
    }).toString(),
  )
  expect(answer.info.count).toBe(planets.length)

  // The response as the page received it, collapsed until asked for.
  await api.responseToggle.click()
  const json = page.getByRole('region', { name: `Response of GET ${path}` })
  await expect(json).toContainText(`"count": ${planets.length}`)
  await expect(json).toContainText(pageOf(planets, 1)[0]?.name ?? '')

  // With the choice: the clipboard has the key, the page still does not (the fixture checks the HTML too).
  await api.includeKey.check()
  await api.copyCurl.click()
  await expect.poll(() => clipboard(page)).toContain(`Authorization: Bearer ${DEMO_KEY}`)
  expect(await page.content()).not.toContain(DEMO_KEY)
  await expect(page.getByText(DEMO_KEY)).toHaveCount(0)
})

test('a record opened from a list says it came from the cache; a comparison shows its one request', async ({
  page,
  catalogue,
}) => {
  const [first, second] = catalogue.episodes
  if (!first || !second) throw new Error('fewer than two episodes')
  await page.goto('/episodes')
  await page.getByRole('link', { name: first.name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible()
  const api = apiView(page)
  await api.summary.click()
  const request = api.request(`${API_PREFIX}/episodes/${first.id}`)
  await expect(request.getByRole('definition').nth(0)).toHaveText('not requested')
  await expect(request.getByRole('definition').nth(3)).toContainText('React Query cache')

  await page.goto(`/episodes/${first.id},${second.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Compare episodes' })).toBeVisible()
  await api.summary.click()
  const compared = api.request(`${API_PREFIX}/episodes/${first.id},${second.id}`)
  await expect(compared.getByRole('definition').nth(0)).toHaveText('200')
  await expect(compared.getByRole('definition').nth(3)).toHaveText(RENDERED_BY_THE_SERVICE)

  // Asked for by the app (over the network, or from the browser's cache when it fetched the page ahead).
  await page.getByRole('link', { name: 'Back to episodes' }).click()
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\/episodes\?page=2$/)
  await api.summary.click()
  const later = api.request(`${API_PREFIX}/episodes/?page=2`)
  await expect(later.getByRole('definition').nth(0)).toHaveText('200')
  await expect(later.getByRole('definition').nth(3)).toHaveText(
    /^(Network|Browser cache), at \d\d:\d\d:\d\d$/,
  )
})

test('a list the app asked for again within the minute the API allows is answered by the browser cache, and says so', async ({
  page,
}) => {
  // The app's shell (as the service worker serves a returning visitor) asks for the rows itself.
  await page.goto(`${SHELL_URL}/locations?type=Planet`)
  await expect(listView(page, 'locations').rows.first()).toBeVisible()
  await page.reload()
  await expect(listView(page, 'locations').rows.first()).toBeVisible()
  const api = apiView(page, SHELL_URL)
  await api.summary.click()
  const request = api.request(`${API_PREFIX}/locations?type=Planet`)
  await expect(request.getByRole('definition').nth(0)).toHaveText('200')
  await expect(request.getByRole('definition').nth(3)).toHaveText(/^Browser cache, at \d\d:\d\d:\d\d$/)
})
