import { PAGE_SIZE } from '../../src/catalogue'
import { listView, mainNav } from '../support/explorer'
import { expect, test } from '../support/fixtures'

/** The episodes list's own code: a lazy chunk, fetched when the page is first visited. */
const EPISODES_PAGE_CODE = /\/assets\/EpisodesListRoute-[^/]+\.js$/
const CODE_FAILED = 'The code of this page could not be loaded. Check the connection, then retry.'

// Each fault is in place before the first page loads: the explorer fetches the other pages' code ahead, on
// idle, and a fault installed later would find the code already there.
async function openLocations(page: import('@playwright/test').Page) {
  await page.goto('/locations')
  await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
}

test('page code that failed to load is asked for again by Retry', async ({ page }) => {
  let down = true
  await page.route(EPISODES_PAGE_CODE, (route) =>
    down ? route.abort('connectionrefused') : route.fallback(),
  )
  await openLocations(page)
  await mainNav(page).link('Episodes').click()
  await expect(page.getByRole('alert')).toContainText(CODE_FAILED)

  down = false
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(listView(page, 'episodes').rows).toHaveCount(PAGE_SIZE)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('page code that failed to load is asked for again by going elsewhere and coming back', async ({
  page,
}) => {
  let down = true
  await page.route(EPISODES_PAGE_CODE, (route) =>
    down ? route.abort('connectionrefused') : route.fallback(),
  )
  await openLocations(page)
  await mainNav(page).link('Episodes').click()
  await expect(page.getByRole('alert')).toContainText(CODE_FAILED)

  down = false
  await mainNav(page).link('Locations').click()
  await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
  await mainNav(page).link('Episodes').click()
  await expect(listView(page, 'episodes').rows).toHaveCount(PAGE_SIZE)
})

/** A redeploy as this tab sees it: its page code is gone (404), and the site's index.html names another entry. */
async function redeploy(page: import('@playwright/test').Page, options: { fixedByReload: boolean }) {
  let gone = true
  await page.route(EPISODES_PAGE_CODE, (route) =>
    gone ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }) : route.fallback(),
  )
  await page.route(
    (url) => url.pathname === '/index.html',
    async (route) => {
      const html = await (await route.fetch()).text()
      // After the reload the files this tab asks for are there again (the new version's, in a real deploy).
      if (options.fixedByReload) gone = false
      await route.fulfill({
        contentType: 'text/html',
        body: html.replace(/src="\/assets\/index-[^"]+\.js"/, 'src="/assets/index-NEWVERSION.js"'),
      })
    },
  )
  await openLocations(page)
  const loads: string[] = []
  page.on('load', () => loads.push(page.url()))
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  return { loads }
}

test('after a redeploy, a page whose code is gone reloads once into the new version', async ({ page }) => {
  const { loads } = await redeploy(page, { fixedByReload: true })
  await mainNav(page).link('Episodes').click()
  // The reloaded page comes rendered by the service: its rows show before its scripts have run and it loads.
  await expect.poll(() => loads.length, 'one full reload, finished').toBe(1)
  expect(new URL(page.url()).pathname).toBe('/episodes')
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false)
  await expect(listView(page, 'episodes').rows).toHaveCount(PAGE_SIZE)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(loads).toHaveLength(1)
})

test('a redeploy that still fails after its one reload shows the failure instead of reloading again', async ({
  page,
}) => {
  const { loads } = await redeploy(page, { fixedByReload: false })
  await mainNav(page).link('Episodes').click()
  await expect.poll(() => loads.length).toBe(1)
  await expect(page.getByRole('alert')).toContainText(CODE_FAILED)
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  expect(loads).toHaveLength(1)
})
