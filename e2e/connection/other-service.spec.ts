/** Contract §11: served over http, the explorer may reach a plain-http catalogue elsewhere (a LAN's, say). */
import { PAGE_SIZE } from '../../src/catalogue'
import { listView, mainNav } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import {
  LAN_LIKE_HOST,
  LAN_LIKE_PORT,
  type LargeCatalogue,
  largeCounts,
  startLargeCatalogue,
} from '../support/large-catalogue'
import { DEMO_KEY } from '../support/servers'
import { connectedText, settingsView } from '../support/settings'

// One service for the whole file, at one address: the file's tests run in one worker, one after another (two
// workers would each start and stop a service there under the other's tests).
test.describe.configure({ mode: 'serial' })

let lan: LargeCatalogue
test.beforeAll(async () => {
  lan = await startLargeCatalogue({ host: LAN_LIKE_HOST, port: LAN_LIKE_PORT })
})
test.afterAll(async () => {
  await lan.stop()
})

test('a plain-http service at another address can be tested and chosen in Settings', async ({ page }) => {
  const blocked: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text())
  })
  const settings = settingsView(page)
  await page.goto('/settings')
  await settings.address.fill(lan.url)
  // That service runs in demo mode: it accepts the demo key.
  await settings.key.fill(DEMO_KEY)
  await settings.test.click()
  await expect(settings.connected).toHaveText(connectedText(largeCounts()))
  expect(blocked).toEqual([])
})

test('choosing another service in Settings never shows the previous service’s rows', async ({
  page,
  catalogue,
}) => {
  const locations = listView(page, 'locations')
  const settings = settingsView(page)
  // The list's summary of its first page, its count grouped as the browser's locale (en-GB) groups it.
  const firstPage = (count: number) => `1–${PAGE_SIZE} of ${count.toLocaleString('en-GB')} locations`
  const ours = firstPage(catalogue.locations.length)
  const theirs = firstPage(largeCounts().locations ?? 0)
  await page.goto('/locations')
  await expect(locations.summary).toHaveText(ours)
  await expect(locations.rows).toHaveCount(PAGE_SIZE)

  /** Every list summary the page shows from now on, however briefly. */
  const watchSummaries = () =>
    page.evaluate(() => {
      const shown: string[] = []
      Object.assign(window, { summaries: shown })
      const record = () => {
        for (const status of document.querySelectorAll('[role="status"]')) {
          const text = status.textContent ?? ''
          if (/ of [\d,]+ locations?$/.test(text) && shown.at(-1) !== text) shown.push(text)
        }
      }
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
  const summariesShown = () => page.evaluate(() => (window as { summaries?: string[] }).summaries ?? [])

  /** Saves a connection in Settings, then watches the list from the moment it is saved. */
  const choose = async (address: string, key: string) => {
    await mainNav(page).link('Settings').click()
    await settings.address.fill(address)
    await settings.key.fill(key)
    await settings.save.click()
    await expect(settings.saved).toBeVisible()
    await watchSummaries()
    await mainNav(page).link('Locations').click()
  }

  await choose(lan.url, DEMO_KEY)
  await expect(locations.summary).toHaveText(theirs)
  await expect(locations.rows).toHaveCount(PAGE_SIZE)
  expect(await summariesShown()).toEqual([theirs])

  // And back: this site's own service, with its demo key.
  await choose('', '')
  await expect(locations.summary).toHaveText(ours)
  await expect(locations.rows).toHaveCount(PAGE_SIZE)
  expect(await summariesShown()).toEqual([ours])
})
