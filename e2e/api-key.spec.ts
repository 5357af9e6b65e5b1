import { namesOf, pageOf } from './support/catalogue'
import { expectListShows, listView, mainNav, titleOf } from './support/explorer'
import { expect, test } from './support/fixtures'
import { DEMO_KEY, KEYED_URL, TEST_KEY, WRONG_KEY } from './support/servers'
import { connectedText, KEY_REFUSED, settingsView } from './support/settings'
import { urlState } from './support/url'

test.describe('a service with keys configured', () => {
  test.use({ baseURL: KEYED_URL })

  test('asks for a key, refuses a wrong one, and connects with the right one', async ({
    page,
    context,
    catalogue,
  }) => {
    const settings = settingsView(page)
    const list = listView(page, 'locations')
    const firstPage = {
      count: catalogue.locations.length,
      page: 1,
      names: namesOf(pageOf(catalogue.locations, 1)),
    }

    // Nothing typed and no demo key on offer: the explorer asks for one.
    await page.goto('/locations')
    await expect(settings.heading).toBeVisible()
    expect(urlState(page).path).toBe('/settings')
    await expect(page).toHaveTitle(titleOf('Settings'))
    await expect(settings.key).toHaveValue('')
    await expect(settings.key).toHaveAttribute('type', 'password')
    await expect(settings.demoHint).toHaveCount(0)

    await settings.key.fill(WRONG_KEY)
    await settings.test.click()
    await expect(settings.alert).toBeVisible()
    await expect(settings.connected).toHaveCount(0)
    await settings.save.click()
    await expect(settings.saved).toBeVisible()

    await mainNav(page).link('Locations').click()
    await expect(settings.alert).toHaveText(KEY_REFUSED)
    await expect(settings.heading).toBeVisible()
    expect(urlState(page).path).toBe('/settings')

    await settings.key.fill(TEST_KEY)
    await settings.test.click()
    await expect(settings.connected).toHaveText(
      connectedText(catalogue.locations.length, catalogue.episodes.length),
    )
    await settings.save.click()
    await expect(settings.saved).toBeVisible()

    await mainNav(page).link('Locations').click()
    await expectListShows(list, firstPage)

    // Kept in the browser: a reload and a new tab stay connected.
    await page.reload()
    await expectListShows(list, firstPage)
    const tab = await context.newPage()
    await tab.goto('/episodes')
    await expect(listView(tab, 'episodes').summary).toContainText(`of ${catalogue.episodes.length} episodes`)
  })
})

test('in demo mode, a wrong key leads to settings and the right key recovers', async ({
  page,
  catalogue,
}) => {
  const settings = settingsView(page)
  const list = listView(page, 'locations')
  await page.goto('/settings')
  await expect(settings.demoHint).toBeVisible()

  await settings.key.fill(WRONG_KEY)
  await settings.save.click()
  await expect(settings.saved).toBeVisible()
  await mainNav(page).link('Episodes').click()
  await expect(settings.alert).toHaveText(KEY_REFUSED)
  expect(urlState(page).path).toBe('/settings')

  await settings.key.fill(DEMO_KEY)
  await settings.save.click()
  await expect(settings.saved).toBeVisible()
  await mainNav(page).link('Locations').click()
  await expectListShows(list, {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
})

test('the explorer connects to another catalogue by its address and key', async ({ page, catalogue }) => {
  const settings = settingsView(page)
  await page.goto('/settings')
  await settings.address.fill(KEYED_URL)
  await settings.key.fill(TEST_KEY)
  await settings.test.click()
  await expect(settings.connected).toHaveText(
    connectedText(catalogue.locations.length, catalogue.episodes.length),
  )
  await settings.save.click()
  await expect(settings.saved).toBeVisible()

  const fromOtherService = page.waitForRequest((request) =>
    request.url().startsWith(`${KEYED_URL}/v1/episodes`),
  )
  await mainNav(page).link('Episodes').click()
  await fromOtherService
  await expect(listView(page, 'episodes').summary).toContainText(`of ${catalogue.episodes.length} episodes`)
})
