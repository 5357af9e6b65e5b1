/** Contract §11: served over http, the explorer may reach a plain-http catalogue elsewhere (a LAN's, say). */
import { expect, test } from './support/fixtures'
import {
  LAN_LIKE_HOST,
  LAN_LIKE_PORT,
  type LargeCatalogue,
  largeCounts,
  startLargeCatalogue,
} from './support/large-catalogue'
import { DEMO_KEY } from './support/servers'
import { connectedText, settingsView } from './support/settings'

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
