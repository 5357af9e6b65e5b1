/**
 * A frame rendered by the service (keys configured, or another service chosen in Settings) becomes the app
 * with no hydration error however slow the browser is: the first client render equals the HTML whatever has
 * loaded or been read by then. The page runs with its CPU slowed down (a phone is slower still than CI).
 */
import type { Page } from '@playwright/test'
import { STORAGE_KEY } from '../../src/app/connection/storage'
import { PAGE_SIZE } from '../../src/catalogue'
import { listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_URL } from '../support/large-catalogue'
import { DEMO_KEY, KEYED_URL, TEST_KEY } from '../support/servers'
import { keptFromEarlierVisit } from '../support/settings'

test.describe.configure({ timeout: 120_000 })

/** Slows the page's CPU (Chrome DevTools' throttling) for the rest of the test. */
async function slowCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

/** What React says when hydration failed, as the console and page errors carry it. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = []
  const hydration = /Minified React error #(418|419|421|422|423|425)\b|hydrat/i
  page.on('console', (message) => {
    if (hydration.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => {
    if (hydration.test(error.message)) errors.push(error.message)
  })
  return errors
}

for (const rate of [6]) {
  test.describe(`with keys configured, at ${rate}x slower`, () => {
    test.use({ baseURL: KEYED_URL })

    test('a frame hydrates cleanly: a list, its reload, another list and a record, and in a new tab', async ({
      page,
      context,
    }) => {
      await keptFromEarlierVisit(page, TEST_KEY)
      const errors = hydrationErrors(page)
      await slowCpu(page, rate)
      const locations = listView(page, 'locations')
      for (const path of [
        '/locations?name=a&page=2',
        '/locations?name=a&page=2',
        '/episodes',
        '/locations/5',
      ]) {
        await page.goto(path)
        if (path.startsWith('/locations?')) await expect(locations.rows.first()).toBeVisible()
        else await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      }
      const tab = await context.newPage()
      const tabErrors = hydrationErrors(tab)
      await slowCpu(tab, rate)
      await tab.goto('/episodes')
      await expect(listView(tab, 'episodes').rows).toHaveCount(PAGE_SIZE)
      expect([...errors, ...tabErrors]).toEqual([])
    })
  })

  test(`a browser that chose another service hydrates its frame cleanly at ${rate}x slower`, async ({
    page,
  }) => {
    await page.addInitScript(([name, value]) => localStorage.setItem(name, value), [
      STORAGE_KEY,
      JSON.stringify({ baseUrl: LARGE_URL, apiKey: DEMO_KEY }),
    ] as const)
    const errors = hydrationErrors(page)
    await slowCpu(page, rate)
    const locations = listView(page, 'locations')
    await page.goto('/locations')
    await expect(locations.rows).toHaveCount(PAGE_SIZE)
    for (const path of ['/locations?page=2', '/episodes', '/locations/3']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
    expect(errors).toEqual([])
  })
}
