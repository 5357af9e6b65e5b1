import type { Page } from '@playwright/test'
import { countsOf, matching, nameFillingPages, namesOf, pageOf } from '../support/catalogue'
import { expectListShows, listView, mainNav, titleOf } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { DEMO_KEY, KEYED_URL, TEST_KEY, WRONG_KEY } from '../support/servers'
import { connectedText, KEY_REFUSED, keptFromEarlierVisit, settingsView } from '../support/settings'
import { urlState } from '../support/url'

/** The page's HTML (what a page snapshot or a session recorder copies) never holds the key. */
async function expectNoKeyInHtml(page: Page, key: string) {
  expect(await page.content()).not.toContain(key)
}

test.describe('a service with keys configured', () => {
  test.use({ baseURL: KEYED_URL })

  test('a first visit puts focus in the key field', async ({ page }) => {
    await page.goto('/locations')
    await expect(settingsView(page).key).toBeFocused()
  })

  test('a shared link asks for a key, refuses a wrong one, and opens once the right one is saved', async ({
    page,
    context,
    catalogue,
  }) => {
    const settings = settingsView(page)
    const list = listView(page, 'locations')
    const name = nameFillingPages(catalogue.locations)
    const filtered = matching(catalogue.locations, { name })

    // Nothing typed and no demo key on offer: the explorer asks for one.
    await page.goto(`/locations?name=${encodeURIComponent(name)}&page=2`)
    await expect(settings.heading).toBeVisible()
    expect(urlState(page).path).toBe('/settings')
    await expect(page).toHaveTitle(titleOf('Settings'))
    await expect(settings.keyNeeded).toBeVisible()
    await expect(settings.key).toHaveValue('')
    await expect(settings.key).toHaveAttribute('type', 'password')
    await expect(settings.demoHint).toHaveCount(0)

    // A wrong key is refused by the test, and not saved.
    await settings.key.fill(WRONG_KEY)
    await expectNoKeyInHtml(page, WRONG_KEY)
    await settings.test.click()
    await expect(settings.alert).toHaveText(`Not connected. ${KEY_REFUSED}`)
    await settings.save.click()
    await expect(settings.alert).toHaveText(`Not saved. ${KEY_REFUSED}`)
    await expect(settings.saved).toHaveCount(0)
    expect(urlState(page).path).toBe('/settings')

    // The right key connects; saving it opens the link the user came with.
    await settings.key.fill(TEST_KEY)
    await expect(settings.alert).toHaveCount(0)
    await settings.test.click()
    await expect(settings.connected).toHaveText(connectedText(countsOf(catalogue)))
    await settings.save.click()
    await expect(page).toHaveURL(/\/locations\?/)
    expect(urlState(page)).toEqual({ path: '/locations', query: { name, page: '2' } })
    await expectListShows(list, { count: filtered.length, page: 2, names: namesOf(pageOf(filtered, 2)) })

    // Kept in the browser: a reload and a new tab stay connected; the settings show it without writing it
    // into the page.
    await page.reload()
    await expectListShows(list, { count: filtered.length, page: 2, names: namesOf(pageOf(filtered, 2)) })
    const tab = await context.newPage()
    await tab.goto('/episodes')
    await expect(listView(tab, 'episodes').summary).toContainText(`of ${catalogue.episodes.length} episodes`)
    await mainNav(tab).link('Settings').click()
    await expect(settingsView(tab).key).toHaveValue(TEST_KEY)
    await expectNoKeyInHtml(tab, TEST_KEY)
  })

  test('a key that stops working leads to settings, and the right key returns to the same page', async ({
    page,
    catalogue,
  }) => {
    const settings = settingsView(page)
    await keptFromEarlierVisit(page, WRONG_KEY)
    await page.goto('/episodes?page=2')
    await expect(settings.alert).toHaveText(KEY_REFUSED)
    expect(urlState(page).path).toBe('/settings')

    await settings.key.fill(TEST_KEY)
    await settings.save.click()
    await expect(page).toHaveURL(/\/episodes\?page=2$/)
    await expectListShows(listView(page, 'episodes'), {
      count: catalogue.episodes.length,
      page: 2,
      names: namesOf(pageOf(catalogue.episodes, 2)),
    })
  })
})

test('in demo mode, a refused key leads to settings, and an empty key goes back to the demo key', async ({
  page,
  catalogue,
}) => {
  const settings = settingsView(page)
  await keptFromEarlierVisit(page, WRONG_KEY)
  await page.goto('/episodes')
  await expect(settings.alert).toHaveText(KEY_REFUSED)
  await expect(settings.demoHint).toBeVisible()
  expect(urlState(page).path).toBe('/settings')

  await settings.key.fill('')
  await settings.save.click()
  await expect(page).toHaveURL(/\/episodes$/)
  await expectListShows(listView(page, 'episodes'), {
    count: catalogue.episodes.length,
    page: 1,
    names: namesOf(pageOf(catalogue.episodes, 1)),
  })
  await mainNav(page).link('Settings').click()
  await expect(settings.key).toHaveValue('')
  await expect(settings.alert).toHaveCount(0)
  await expectNoKeyInHtml(page, DEMO_KEY)
})

test('the explorer connects to another catalogue by its address and key', async ({ page, catalogue }) => {
  const settings = settingsView(page)
  await page.goto('/settings')
  await settings.address.fill(KEYED_URL)
  await settings.save.click()
  await expect(settings.alert).toHaveText('Not saved. Enter the API key of the catalogue service.')

  await settings.key.fill(TEST_KEY)
  await settings.test.click()
  await expect(settings.connected).toHaveText(connectedText(countsOf(catalogue)))
  await settings.save.click()
  await expect(settings.saved).toHaveText(`Settings saved. ${connectedText(countsOf(catalogue))}`)

  const fromOtherService = page.waitForRequest((request) =>
    request.url().startsWith(`${KEYED_URL}/v1/episodes`),
  )
  await mainNav(page).link('Episodes').click()
  await fromOtherService
  await expect(listView(page, 'episodes').summary).toContainText(`of ${catalogue.episodes.length} episodes`)
})
