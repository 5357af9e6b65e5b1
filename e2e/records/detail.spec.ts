import { characterIdFromUrl, MAX_IDS, PAGE_SIZE, parseEpisodeCode } from '../../src/catalogue'
import { matching, nameFillingPages, namesOf, pageOf } from '../support/catalogue'
import { airDate, localeDateForms } from '../support/dates'
import { definitionsIn, expectListShows, listView, titleOf } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { urlState } from '../support/url'

/** The explorer runs with locale en-GB (playwright.config.ts), so dates must read the British way. */
const LOCALE = 'en-GB'

test('list → detail → back returns to the same filters and page', async ({ page, catalogue }) => {
  const name = nameFillingPages(catalogue.locations)
  const ofName = matching(catalogue.locations, { name })
  const onPage2 = pageOf(ofName, 2)
  const record = onPage2[onPage2.length - 1]
  if (!record) throw new Error('page 2 of the filtered list is empty')
  const list = listView(page, 'locations')

  await page.goto(`/locations?name=${encodeURIComponent(name)}&page=2`)
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(onPage2) })

  // The list already holds the record: the detail shows at once, without asking the service again.
  const detailRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/v1/locations/${record.id}`) detailRequests.push(request.url())
  })
  await list.recordLink(record.name).click()
  await expect(page.getByRole('heading', { level: 1, name: record.name, exact: true })).toBeVisible()
  expect(urlState(page).path).toBe(`/locations/${record.id}`)
  await expect(page).toHaveTitle(titleOf(record.name))
  expect(detailRequests).toEqual([])

  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(onPage2) })
  expect(urlState(page)).toEqual({ path: '/locations', query: { name, page: '2' } })
  await expect(list.field('Name')).toHaveValue(name)

  // The browser's own back button does the same.
  await list.recordLink(record.name).click()
  await expect(page.getByRole('heading', { level: 1, name: record.name, exact: true })).toBeVisible()
  await page.goBack()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(onPage2) })
  await expect(list.field('Name')).toHaveValue(name)
})

test('a location shows every field for a reader', async ({ page, catalogue }) => {
  const record = [...catalogue.locations].sort((a, b) => b.residents.length - a.residents.length)[0]
  if (!record || record.residents.length < 2) throw new Error('no location has several residents')
  await page.goto(`/locations/${record.id}`)

  await expect(page.getByRole('heading', { level: 1, name: record.name, exact: true })).toBeVisible()
  const residents = page.getByRole('list', { name: 'Resident character numbers' })
  await expect(residents.getByRole('listitem')).toHaveText(
    record.residents.map((url) => `#${characterIdFromUrl(url)}`),
  )
  const shown = await definitionsIn(page)
  expect(Object.keys(shown)).toEqual(['Type', 'Dimension', 'Residents', 'Created'])
  expect(shown.Type).toBe(record.type)
  expect(shown.Dimension).toBe(record.dimension)
  expect(shown.Residents).toContain(`${record.residents.length} residents`)
  const created = localeDateForms(new Date(record.created), LOCALE)
  expect(
    created.some((form) => shown.Created?.includes(form)),
    `Created "${shown.Created}"`,
  ).toBe(true)
})

test('a location without residents says so', async ({ page, catalogue }) => {
  const record = catalogue.locations.find((location) => location.residents.length === 0)
  if (!record) throw new Error('every location has residents: the dataset no longer covers this case')
  await page.goto(`/locations/${record.id}`)
  await expect(page.getByRole('heading', { level: 1, name: record.name, exact: true })).toBeVisible()
  await expect.poll(async () => (await definitionsIn(page)).Residents).toBe('No residents')
})

test('an episode shows its code as season and episode, and its air date for the reader', async ({
  page,
  catalogue,
}) => {
  const record = catalogue.episodes.find((episode) => episode.characters.length > 1)
  if (!record) throw new Error('no episode has several characters')
  const code = parseEpisodeCode(record.episode)
  if (!code) throw new Error(`unexpected episode code ${record.episode}`)
  await page.goto(`/episodes/${record.id}`)

  await expect(page.getByRole('heading', { level: 1, name: record.name, exact: true })).toBeVisible()
  await expect(page).toHaveTitle(titleOf(record.name))
  const characters = page.getByRole('list', { name: 'Character numbers' })
  await expect(characters.getByRole('listitem')).toHaveText(
    record.characters.map((url) => `#${characterIdFromUrl(url)}`),
  )
  const shown = await definitionsIn(page)
  expect(Object.keys(shown)).toEqual([
    'Episode code',
    'Season',
    'Episode',
    'Air date',
    'Characters',
    'Created',
  ])
  expect(shown['Episode code']).toBe(record.episode)
  expect(shown.Season).toBe(String(code.season))
  expect(shown.Episode).toBe(String(code.episode))
  expect(localeDateForms(airDate(record.air_date), LOCALE)).toContain(shown['Air date'])
  expect(shown.Characters).toContain(`${record.characters.length} characters`)

  await page.getByRole('link', { name: 'Back to episodes' }).click()
  await expect(listView(page, 'episodes').heading).toBeVisible()
  expect(urlState(page)).toEqual({ path: '/episodes', query: {} })
})

test('an unknown or invalid id shows a not-found page with a way back', async ({ page, catalogue }) => {
  const unknownLocation = Math.max(...catalogue.locations.map((location) => location.id)) + 1000
  await page.goto(`/locations/${unknownLocation}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Location not found' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('link', { name: 'Browse all locations' }).click()
  await expect(listView(page, 'locations').heading).toBeVisible()
  await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)

  await page.goto('/locations/abc')
  await expect(page.getByRole('heading', { level: 1, name: 'Location not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to locations' })).toBeVisible()

  // More ids than one request may name: said so, not "not found".
  await page.goto(`/locations/${Array.from({ length: MAX_IDS + 1 }, (_, index) => index + 1).join(',')}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Too many locations to compare' })).toBeVisible()
  await expect(page.getByText(`A comparison shows at most ${MAX_IDS} locations.`)).toBeVisible()

  const unknownEpisode = Math.max(...catalogue.episodes.map((episode) => episode.id)) + 1000
  await page.goto(`/episodes/${unknownEpisode}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Episode not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Browse all episodes' }).click()
  await expect(listView(page, 'episodes').heading).toBeVisible()
})
