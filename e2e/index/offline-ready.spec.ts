/** The explorer says when it is ready to work offline, and is ready when it says so. */
import { EXPLORER_CONFIG_PATH } from '../../src/catalogue'
import { summaryText } from '../support/catalogue'
import { INDEXED, indexStatus, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { NO_VIEWS_URL } from '../support/servers'

test.use({ serviceWorkers: 'allow' })
test.describe.configure({ timeout: 90_000 })

test('on the first visit, with no click, “Ready to work offline” appears once the index is complete; offline right then, the list and a filtered list never asked before open', async ({
  page,
  context,
  catalogue,
}) => {
  // This site's service: its lists build the small catalogue's index unasked.
  await page.goto('/locations')
  const status = indexStatus(page)
  await expect(status).toContainText('Ready to work offline', INDEXED)
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  await context.setOffline(true)
  await page.reload()
  const list = listView(page, 'locations')
  await expect(list.heading).toBeVisible()
  await expect(list.summary).toContainText(`of ${catalogue.locations.length} locations`)

  const planets = catalogue.locations.filter((location) => location.type === 'Planet').length
  await page.goto('/locations?type__exact=Planet&_sort_desc=residents')
  await expect(list.summary).toHaveText(summaryText(planets, 1, 'location', 'locations'))
  await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending')
})

test.describe('a service without views', () => {
  test.use({ baseURL: NO_VIEWS_URL })

  test('the run-time configuration is asked for once, also while the index builds and the app shell takes over', async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === EXPLORER_CONFIG_PATH) asked.push(request.url())
    })
    await page.goto('/episodes')
    const status = indexStatus(page)
    await expect(status).toContainText('Ready to work offline', INDEXED)
    expect(asked).toHaveLength(1)
    // Kept for a visit while the service is down, all the same.
    expect(
      await page.evaluate((path) => caches.match(path).then((kept) => kept?.json()), EXPLORER_CONFIG_PATH),
    ).toEqual({
      demoKey: expect.any(String),
      // This service says it answers no views (CATALOGUE_VIEWS=off).
      views: false,
      catalogueVersion: expect.any(String),
    })
  })
})
