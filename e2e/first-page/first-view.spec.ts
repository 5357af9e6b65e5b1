/**
 * The first view rendered by the service (on by default): a list or a record arrives with its rows in the
 * HTML and becomes the app once its code runs, with no request for what the page holds and no hydration error
 * (the fixtures fail any test with one), in the reader's language; where the service may not answer (keys
 * configured, a connection chosen in Settings) it is the page's frame and the app fetches the data. Later
 * visits are answered by the service worker's shell. Without JavaScript a list and a record are readable.
 */
import type { Page } from '@playwright/test'
import { STORAGE_KEY } from '../../src/app/connection/storage'
import { PAGE_SIZE } from '../../src/catalogue'
import { pageOf } from '../support/catalogue'
import { listView, titleOf } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_URL, largeCounts } from '../support/large-catalogue'
import { DEMO_KEY, KEYED_URL, TEST_KEY } from '../support/servers'
import { keptFromEarlierVisit } from '../support/settings'

/** Console errors and uncaught errors of a page, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    // The browser's own probe for an icon after a page that names none (robots.txt, where a key is kept for
    // an earlier visit) can be reported once the next page has started: not the page's error.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Text as React writes it in HTML. */
const inHtml = (text = '') =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

test('a list rendered by the service becomes the app without asking for its rows again', async ({
  page,
  catalogue,
}) => {
  const errors = errorsOf(page)
  const documents: string[] = []
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'document') documents.push(url.pathname + url.search)
    if (url.pathname.startsWith('/v1/')) asked.push(url.pathname + url.search)
  })
  const locations = listView(page, 'locations')

  const html = await (await page.goto('/locations'))?.text()
  for (const { name } of pageOf(catalogue.locations, 1)) expect(html).toContain(inHtml(name))
  await expect(locations.table.getByRole('link')).toHaveText(
    pageOf(catalogue.locations, 1).map(({ name }) => name),
  )
  await locations.pageNumber(2).click()
  await expect(locations.table.getByRole('link')).toHaveText(
    pageOf(catalogue.locations, 2).map(({ name }) => name),
  )
  await expect(locations.pageNumber(2)).toHaveAttribute('aria-current', 'page')

  expect(documents).toEqual(['/locations']) // page 2 came from the app, not from another page load
  // The rows of page 1 came with the HTML: every request was for another page.
  expect(asked.filter((path) => !path.includes('page='))).toEqual([])
  expect(asked.some((path) => path.includes('page=2'))).toBe(true)
  expect(errors).toEqual([])
})

test('a browser that chose another service gets that service’s rows, and from then on a frame without the site’s', async ({
  page,
  catalogue,
}) => {
  // Saved in this browser before the page's own code runs, as a visit before the cookie existed left it: the
  // service does not know yet, and renders its own rows, which the app sets aside.
  await page.addInitScript(([name, value]) => localStorage.setItem(name, value), [
    STORAGE_KEY,
    JSON.stringify({ baseUrl: LARGE_URL, apiKey: DEMO_KEY }),
  ] as const)
  const errors = errorsOf(page)
  const locations = listView(page, 'locations')
  const theirCount = (largeCounts().locations ?? 0).toLocaleString('en-GB')
  const theirs = `1–${PAGE_SIZE} of ${theirCount} locations`
  await page.goto('/locations')
  await expect(locations.summary).toHaveText(theirs)
  await expect(locations.rows).toHaveCount(PAGE_SIZE)

  // The app has told the service (a cookie holding that fact alone): the next first view is the frame.
  const html = await (await page.goto('/locations?page=2'))?.text()
  expect(html).toContain('"frame":true')
  for (const { name } of pageOf(catalogue.locations, 2)) expect(html).not.toContain(inHtml(name))
  await expect(locations.summary).toHaveText(`${PAGE_SIZE + 1}–${2 * PAGE_SIZE} of ${theirCount} locations`)
  expect(errors).toEqual([])
})

test.describe('with keys configured', () => {
  test.use({ baseURL: KEYED_URL })

  test('a list and a record arrive as their frame, and the app fills them with the key kept in this browser', async ({
    page,
    catalogue,
  }) => {
    await keptFromEarlierVisit(page, TEST_KEY)
    const errors = errorsOf(page)
    const locations = listView(page, 'locations')
    const html = await (await page.goto('/locations?name=a'))?.text()
    expect(html).toContain('"frame":true')
    expect(html).not.toContain(inHtml(catalogue.locations[0]?.name))
    await expect(locations.rows.first()).toBeVisible()
    await expect(locations.field('Name')).toHaveValue('a')

    const record = catalogue.locations[4]
    const recordHtml = await (await page.goto(`/locations/${record?.id}`))?.text()
    expect(recordHtml).not.toContain(inHtml(record?.name))
    await expect(page.getByRole('heading', { level: 1, name: record?.name, exact: true })).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('once the service worker controls the site', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a first visit gets the service’s HTML with its rows; a later one the worker’s shell, which fetches them', async ({
    page,
    catalogue,
  }) => {
    const errors = errorsOf(page)
    const locations = listView(page, 'locations')
    const first = await page.goto('/locations')
    expect(first?.fromServiceWorker()).toBe(false)
    expect(await first?.text()).toContain(inHtml(catalogue.locations[0]?.name))
    await expect(locations.rows).toHaveCount(PAGE_SIZE)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/v1/')) asked.push(url.pathname + url.search)
    })
    const later = await page.goto('/episodes?page=2')
    expect(later?.fromServiceWorker()).toBe(true)
    expect(await later?.text()).not.toContain(inHtml(catalogue.episodes[PAGE_SIZE]?.name))
    await expect(listView(page, 'episodes').table.getByRole('link')).toHaveText(
      pageOf(catalogue.episodes, 2).map(({ name }) => name),
    )
    expect(asked.some((path) => path.startsWith('/v1/episodes') && path.includes('page=2'))).toBe(true)
    expect(errors).toEqual([])
  })
})

for (const locale of ['en-GB', 'de-DE', 'ja-JP', 'ar-EG']) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale })

    test('lists, a record and a comparison hydrate with no error, their dates and counts in the reader’s language', async ({
      page,
      catalogue,
    }) => {
      const errors = errorsOf(page)
      const [first, second] = catalogue.locations
      const pages = [
        ['/locations', 'Locations'],
        ['/episodes?page=2', 'Episodes, page 2'],
        [`/locations/${first?.id}`, first?.name],
        [`/locations/${first?.id},${second?.id}`, 'Compare locations'],
      ]
      for (const [path, title] of pages) {
        await page.goto(path ?? '/')
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
      // Counts too (a reader's digits may not be the service's runtime's): the comparison's residents,
      const residents = first?.residents.length ?? 0
      const written = new Intl.NumberFormat(locale).format(residents)
      const residentsText =
        residents === 0 ? 'No residents' : `${written} resident${residents === 1 ? '' : 's'}`
      await expect(page.getByText(residentsText, { exact: true }).first()).toBeVisible()
      // and a facet's count, as the locale writes them.
      await page.goto('/locations')
      const byType = new Map<string, number>()
      for (const { type } of catalogue.locations) byType.set(type, (byType.get(type) ?? 0) + 1)
      const [type = '', most = 0] = [...byType].sort((a, b) => b[1] - a[1])[0] ?? []
      const count = new Intl.NumberFormat(locale).format(most)
      await expect(page.getByRole('checkbox', { name: `${type} (${count})`, exact: true })).toBeVisible()
      // The summary's rows read in their order on screen, first before last, whatever the reader's digits.
      const [from = '', to = ''] = [1, PAGE_SIZE].map((row) => new Intl.NumberFormat(locale).format(row))
      const summary = listView(page, 'locations').summary
      await expect(summary).toContainText(`${from}`)
      const lefts = await summary.evaluate(
        (element, numbers) => {
          const text = element.firstChild
          const content = text?.textContent ?? ''
          let after = 0
          return numbers.map((number) => {
            const at = content.indexOf(number, after)
            after = at + number.length
            const range = document.createRange()
            range.setStart(text as Node, at)
            range.setEnd(text as Node, after)
            return range.getBoundingClientRect().left
          })
        },
        [from, to],
      )
      expect(lefts[0]).toBeLessThan(lefts[1] ?? 0)
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
    await page.goto('/locations')
    await expect(locations.summary).toHaveText(`1–${PAGE_SIZE} of ${catalogue.locations.length} locations`)
    await expect(locations.table.getByRole('link')).toHaveText(
      pageOf(catalogue.locations, 1).map(({ name }) => name),
    )
    await locations.pageControl('Next page').click()
    await expect(page).toHaveURL(/\/locations\?page=2$/)
    await expect(locations.table.getByRole('link')).toHaveText(
      pageOf(catalogue.locations, 2).map(({ name }) => name),
    )
  })

  test('a record is readable', async ({ page, catalogue }) => {
    const record = catalogue.locations[2]
    await page.goto(`/locations/${record?.id}`)
    await expect(page.getByRole('heading', { level: 1, name: record?.name, exact: true })).toBeVisible()
  })
})
