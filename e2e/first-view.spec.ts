/**
 * The first view's groundwork: a list rendered by the service (CATALOGUE_FIRST_VIEW=on, demo mode) is the app once
 * its code runs, with no request for what the page already holds and no hydration error; without JavaScript
 * it is readable, and its pager's links work as plain links.
 */
import { STORAGE_KEY } from '../src/app/connection/storage'
import { PAGE_SIZE } from '../src/catalogue'
import { pageOf } from './support/catalogue'
import { listView, titleOf } from './support/explorer'
import { expect, test } from './support/fixtures'
import { LAN_LIKE_PORT, LARGE_URL, largeCounts } from './support/large-catalogue'
import { DEMO_KEY } from './support/servers'
import { type ServiceProcess, startServiceProcess } from './support/service-process'

// One service for the whole file, on one port: the file's tests run in one worker, one after another (two
// workers would each start and stop a service on that port under the other's tests).
test.describe.configure({ mode: 'serial' })

let service: ServiceProcess
test.beforeAll(async () => {
  service = await startServiceProcess(
    { host: '127.0.0.1', port: LAN_LIKE_PORT + 1 },
    { CATALOGUE_FIRST_VIEW: 'on' },
  )
})
test.afterAll(async () => {
  await service.stop()
})

test('a list rendered by the service becomes the app without asking for its rows again', async ({
  page,
  catalogue,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const documents: string[] = []
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'document') documents.push(url.pathname + url.search)
    if (url.pathname.startsWith('/v1/')) asked.push(url.pathname + url.search)
  })
  const locations = listView(page, 'locations')

  await page.goto(`${service.url}/locations`)
  await expect(locations.table.getByRole('link')).toHaveText(
    pageOf(catalogue.locations, 1).map(({ name }) => name),
  )
  // The app has taken the page over (React's root is on it): a click is the app's from now on.
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  )
  await locations.pageNumber(2).click()
  await expect(locations.table.getByRole('link')).toHaveText(
    pageOf(catalogue.locations, 2).map(({ name }) => name),
  )
  await expect(locations.pageNumber(2)).toHaveAttribute('aria-current', 'page')

  expect(documents).toEqual(['/locations']) // page 2 came from the app, not from another page load
  expect(asked).not.toContain('/v1/locations?page=1') // the rows of page 1 came with the HTML
  expect(asked.some((path) => path.includes('page=2'))).toBe(true)
  expect(errors).toEqual([])
})

test('a browser that chose another service gets that service’s rows, not the first view’s', async ({
  page,
}) => {
  // Saved in this browser before the page's own code runs, as an earlier visit would have left it.
  await page.addInitScript(([name, value]) => localStorage.setItem(name, value), [
    STORAGE_KEY,
    JSON.stringify({ baseUrl: LARGE_URL, apiKey: DEMO_KEY }),
  ] as const)
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const locations = listView(page, 'locations')
  await page.goto(`${service.url}/locations`)
  const theirs = (largeCounts().locations ?? 0).toLocaleString('en-GB')
  await expect(locations.summary).toHaveText(`1–${PAGE_SIZE} of ${theirs} locations`)
  await expect(locations.rows).toHaveCount(PAGE_SIZE)
  expect(errors).toEqual([])
})

for (const locale of ['en-GB', 'de-DE', 'ja-JP']) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale })

    test('lists, a record and a comparison hydrate with no error, their dates in the reader’s language', async ({
      page,
      catalogue,
    }) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      const [first, second] = catalogue.locations
      const pages = [
        ['/locations', 'Locations'],
        ['/episodes?page=2', 'Episodes, page 2'],
        [`/locations/${first?.id}`, first?.name],
        [`/locations/${first?.id},${second?.id}`, 'Compare locations'],
      ]
      for (const [path, title] of pages) {
        await page.goto(`${service.url}${path}`)
        // The title is the app's, set once the page is hydrated (the HTML's is the site's name).
        await expect(page).toHaveTitle(titleOf(title ?? ''))
      }
      const created = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
      await expect(
        page
          .getByRole('table')
          .getByText(created.format(new Date(first?.created ?? '')))
          .first(),
      ).toBeVisible()
      expect(errors).toEqual([])
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a list is readable, and its pager’s links lead to the next page rendered by the service', async ({
    page,
    catalogue,
  }) => {
    const locations = listView(page, 'locations')
    await page.goto(`${service.url}/locations`)
    await expect(locations.summary).toHaveText(`1–${PAGE_SIZE} of ${catalogue.locations.length} locations`)
    await expect(locations.table.getByRole('link')).toHaveText(
      pageOf(catalogue.locations, 1).map(({ name }) => name),
    )
    await locations.pageControl('Next page').click()
    await expect(page).toHaveURL(`${service.url}/locations?page=2`)
    await expect(locations.table.getByRole('link')).toHaveText(
      pageOf(catalogue.locations, 2).map(({ name }) => name),
    )
  })

  test('a record is readable', async ({ page, catalogue }) => {
    const record = catalogue.locations[2]
    await page.goto(`${service.url}/locations/${record?.id}`)
    await expect(page.getByRole('heading', { level: 1, name: record?.name, exact: true })).toBeVisible()
  })
})
