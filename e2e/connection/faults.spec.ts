import { namesOf, pageOf } from '../support/catalogue'
import { expectListShows, listView, mainNav } from '../support/explorer'
import { gate, isLocationList, isLocationListPage, jsonBody } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { PAGE_CLOCK_START, untilVisible } from '../support/page-clock'
import { SHELL_URL } from '../support/servers'

// The app's own requests and what it shows while they fail: from its shell (what the service worker gives a
// returning visitor), which asks for a page's rows itself; a first view rendered by the service holds them.
test.use({ baseURL: SHELL_URL })

test('a server error shows what happened, and Retry retries', async ({ page, catalogue }) => {
  let failing = true
  await page.route(isLocationListPage(1), (route) =>
    failing ? route.fulfill(jsonBody(500, { error: 'The service had a problem.' })) : route.fallback(),
  )
  await page.goto('/locations')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('The catalogue service had a problem (500).')

  failing = false
  await page.getByRole('button', { name: 'Retry' }).click()
  await expectListShows(listView(page, 'locations'), {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
  await expect(alert).toHaveCount(0)
})

test('a passing server error is retried without the user noticing', async ({ page, catalogue }) => {
  let calls = 0
  await page.route(isLocationListPage(1), (route) => {
    calls += 1
    return calls === 1 ? route.fulfill(jsonBody(503, { error: 'Busy.' })) : route.fallback()
  })
  await page.goto('/locations')
  await expectListShows(listView(page, 'locations'), {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
  // The list's failed request and its one retry (the service answers views: no index builds itself here).
  expect(calls).toBe(2)
})

test('the first load shows a loading state until the rows arrive', async ({ page, catalogue }) => {
  const held = gate()
  await page.route(isLocationListPage(1), async (route) => {
    await held.passed
    await route.fallback()
  })
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.progress).toBeVisible()
  await expect(list.table.getByRole('link')).toHaveCount(0)

  held.open()
  await expectListShows(list, {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
  await expect(list.progress).toHaveCount(0)
})

test('a slow page keeps the current rows on screen with a progress indicator', async ({
  page,
  catalogue,
}) => {
  const held = gate()
  // Holds page 2 from the start, so a prefetch cannot fetch it ahead of the click either.
  await page.route(isLocationListPage(2), async (route) => {
    await held.passed
    // The explorer may have cancelled a superseded request meanwhile; then there is nothing to continue.
    await route.fallback().catch(() => undefined)
  })
  const list = listView(page, 'locations')
  const all = catalogue.locations
  await page.goto('/locations')
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(all, 1)) })

  await list.pageControl('Next page').click()
  await expect(list.progress).toBeVisible()
  await expect(list.table.getByRole('link')).toHaveText(namesOf(pageOf(all, 1)))
  // The rows on screen are still page 1's: the summary does not claim they are page 2's.
  await expect(list.summary).toHaveText('Loading locations…')

  held.open()
  await expectListShows(list, { count: all.length, page: 2, names: namesOf(pageOf(all, 2)) })
  await expect(list.progress).toHaveCount(0)
})

test('a body that does not match the schema is reported, and navigation keeps working', async ({
  page,
  catalogue,
}) => {
  let malformed = true
  await page.route(isLocationList, (route) =>
    malformed
      ? route.fulfill(jsonBody(200, { info: { count: 'many' }, results: [{ id: 'one', title: 'Nowhere' }] }))
      : route.fallback(),
  )
  await page.goto('/locations')
  await expect(page.getByRole('alert')).toContainText('unexpected')
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()

  await mainNav(page).link('Episodes').click()
  await expect(listView(page, 'episodes').summary).toContainText(`of ${catalogue.episodes.length} episodes`)
  // The list's message is gone. (The catalogue index, which may have read the same malformed page meanwhile,
  // reports it in its own panel: that alert is the index's, and right.)
  await expect(page.getByRole('alert').filter({ hasText: 'unexpected' })).toHaveCount(0)

  malformed = false
  await mainNav(page).link('Locations').click()
  await expectListShows(listView(page, 'locations'), {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
})

test('a list answered 404 "There is nothing here" (the public API’s way) is an empty result', async ({
  page,
}) => {
  await page.route(
    (url) => isLocationList(url) && url.searchParams.has('name'),
    (route) => route.fulfill(jsonBody(404, { error: 'There is nothing here' })),
  )
  await page.goto('/locations?name=nothing')
  const list = listView(page, 'locations')
  await expect(list.emptyHeading).toBeVisible()
  await expect(list.summary).toHaveText('No locations match these filters')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a rate-limited answer says when it tries again, then does', async ({ page, catalogue }) => {
  let calls = 0
  await page.route(isLocationListPage(1), (route) => {
    calls += 1
    return calls === 1
      ? route.fulfill(jsonBody(429, { error: 'Too many requests.' }, { 'Retry-After': '2' }))
      : route.fallback()
  })
  // The page's clock stands still (it moves only when the test says), so the notice is still there however
  // long a busy machine takes to look: the retry it announces is 2 s away on that clock.
  await page.clock.install({ time: PAGE_CLOCK_START })
  await page.clock.pauseAt(PAGE_CLOCK_START + 60_000)
  await page.goto('/locations')
  await untilVisible(page, page.getByText('Too many requests. Trying again in 2 seconds.'))
  // Not before the 2 s are up (the notice came within a step of the answer), then at once.
  await page.clock.runFor(1_500)
  expect(calls, 'asked again before the announced time').toBe(1)
  await page.clock.runFor(1_000)
  await page.clock.resume()
  await expectListShows(listView(page, 'locations'), {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
})
