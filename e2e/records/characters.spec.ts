import type { Page } from '@playwright/test'
import { COLLECTIONS, PAGE_SIZE } from '../../src/catalogue'
import { holdingsOf } from '../support/catalogue'
import { charactersOf, readDataset, seasonOfEpisode } from '../support/dataset'
import { airDate } from '../support/dates'
import { INDEXED, openIndexed } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { urlState } from '../support/url'

// The pages read the catalogue index, which each test's fresh browser builds first (in the background).
test.describe.configure({ timeout: 90_000 })
const dataset = readDataset()
const characters = charactersOf(dataset)

/** A character listed by several locations and appearing in episodes of more than one season. */
function wellTravelled() {
  const found = [...characters].find(
    ([, { locations, episodes }]) =>
      locations.length >= 2 && new Set(episodes.map(seasonOfEpisode)).size >= 2 && episodes.length >= 3,
  )
  if (!found) throw new Error('no character has several locations and episodes in several seasons')
  return { id: found[0], ...found[1] }
}

const heading = (page: Page, name: string, level = 1) =>
  page.getByRole('heading', { level, name, exact: true })

test('a character page shows the locations listing it and its episodes by season, as the dataset has them', async ({
  page,
}) => {
  const character = wellTravelled()
  await page.goto(`/characters/${character.id}`)
  await expect(heading(page, `Character #${character.id}`)).toBeVisible()
  const locations = page.getByRole('list', { name: 'Locations that list it as a resident' })
  await expect(locations.getByRole('link')).toHaveText(
    character.locations.map((location) => location.name),
    INDEXED,
  )

  const seasons = [...new Set(character.episodes.map(seasonOfEpisode))]
  const episodes = page.getByRole('region', { name: 'Episodes it appears in' })
  await expect(episodes.getByRole('heading', { level: 3 })).toHaveText(
    seasons.map((season) => `Season ${season}`),
  )
  for (const season of seasons) {
    await expect(episodes.getByRole('list', { name: `Season ${season}` }).getByRole('link')).toHaveText(
      character.episodes
        .filter((episode) => seasonOfEpisode(episode) === season)
        .map((episode) => episode.name),
    )
  }

  const details = page.getByRole('article', { name: 'Character details' })
  await expect(details).toContainText(`${character.locations.length} locations`)
  await expect(details).toContainText(`${character.episodes.length} episodes`)
  await expect(details).toContainText(`/characters/${character.id}`)
  const [first, last] = [character.episodes[0], character.episodes.at(-1)]
  await expect(details.getByRole('definition').nth(3)).toContainText(first?.episode ?? '')
  await expect(details.getByRole('definition').nth(4)).toContainText(last?.episode ?? '')
  // An appearance reads as one phrase, its comma right after the date: "S01E01 · 2 December 2013, Pilot".
  const aired = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' })
  await expect(details.getByRole('definition').nth(3).getByRole('link')).toHaveAccessibleName(
    `${first?.episode} · ${aired.format(airDate(first?.air_date ?? ''))}, ${first?.name}`,
  )

  // An episode link leads to the episode, whose character chips lead back.
  await episodes.getByRole('link', { name: first?.name, exact: true }).click()
  await expect(heading(page, first?.name ?? '')).toBeVisible()
  await page.getByRole('link', { name: `Character #${character.id}`, exact: true }).click()
  await expect.poll(() => urlState(page).path).toBe(`/characters/${character.id}`)
  await expect(heading(page, `Character #${character.id}`)).toBeVisible()
})

test('every resident chip of a location links to its character', async ({ page }) => {
  const location = [...dataset.locations].find((place) => place.residents.length >= 2)
  if (!location) throw new Error('no location has two residents')
  await page.goto(`/locations/${location.id}`)
  const chips = page.getByRole('list', { name: 'Resident character numbers' }).getByRole('link')
  await expect(chips).toHaveText(location.residents.map((id) => `#${id}`))
  const second = location.residents[1]
  await chips.nth(1).click()
  await expect(heading(page, `Character #${second}`)).toBeVisible()
  expect(urlState(page).path).toBe(`/characters/${second}`)
  await page.getByRole('link', { name: `Back to ${location.name}` }).click()
  await expect(heading(page, location.name)).toBeVisible()
})

test('a location lists the episodes its residents appear in, and an episode where its characters live', async ({
  page,
}) => {
  const location = [...dataset.locations]
    .filter((place) => place.residents.length >= 2)
    .sort((a, b) => b.residents.length - a.residents.length)[0]
  if (!location) throw new Error('no location has two residents')
  const residents = new Set(location.residents)
  const expectedEpisodes = dataset.episodes
    .map((episode) => ({
      episode,
      count: new Set(episode.characters.filter((id) => residents.has(id))).size,
    }))
    .filter(({ count }) => count > 0)
  await page.goto(`/locations/${location.id}`)
  const section = page.getByRole('region', { name: 'Episodes its residents appear in' })
  const items = section.getByRole('listitem')
  await expect(items).toHaveCount(expectedEpisodes.length, INDEXED)
  for (const { episode, count } of expectedEpisodes) {
    const item = items.filter({ has: page.getByRole('link', { name: episode.name, exact: true }) })
    await expect(item).toContainText(`${episode.episode}`)
    await expect(item).toContainText(`${count} of its residents`)
  }

  const episode = [...dataset.episodes].sort((a, b) => b.characters.length - a.characters.length)[0]
  if (!episode) throw new Error('no episode')
  const cast = new Set(episode.characters)
  const homes = dataset.locations
    .map((place) => ({ place, count: new Set(place.residents.filter((id) => cast.has(id))).size }))
    .filter(({ count }) => count > 0)
  await page.goto(`/episodes/${episode.id}`)
  const where = page.getByRole('region', { name: 'Where its characters live' })
  await expect(where.getByRole('listitem')).toHaveCount(homes.length, INDEXED)
  for (const { place, count } of homes) {
    await expect(
      where.getByRole('listitem').filter({ has: page.getByRole('link', { name: place.name, exact: true }) }),
    ).toContainText(`${count} of its characters`)
  }

  // A related record's page leads back to this one.
  const home = homes[0]?.place
  if (!home) throw new Error("no location of the episode's characters")
  await where.getByRole('link', { name: home.name, exact: true }).click()
  await expect(heading(page, home.name)).toBeVisible()
  await page.getByRole('link', { name: `Back to ${episode.name}` }).click()
  await expect(heading(page, episode.name)).toBeVisible()
  expect(urlState(page).path).toBe(`/episodes/${episode.id}`)
})

test('the characters list pages through every character and filters by season, in the URL', async ({
  page,
}) => {
  const ids = [...characters.keys()].sort((a, b) => a - b)
  await page.goto('/characters')
  await expect(heading(page, 'Characters')).toBeVisible()
  const table = page.getByRole('table', { name: 'Characters' })
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') })
  await expect(rows.first().getByRole('link')).toHaveText(`Character #${ids[0]}`, INDEXED)
  await expect(page.getByRole('status').filter({ hasText: 'characters' })).toHaveText(
    `1–${PAGE_SIZE} of ${ids.length} characters`,
  )
  const first = characters.get(ids[0] ?? 0)
  await expect(rows.first().getByRole('cell')).toHaveText([
    '',
    `Character #${ids[0]}`,
    ...COLLECTIONS.map(({ name }) => String(first?.counts[name] ?? 0)),
  ])

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' }).click()
  await expect.poll(() => urlState(page)).toEqual({ path: '/characters', query: { page: '2' } })
  await expect(rows.getByRole('link')).toHaveText(
    ids.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((id) => `Character #${id}`),
  )

  const inSeason2 = ids.filter((id) =>
    characters.get(id)?.episodes.some((episode) => seasonOfEpisode(episode) === 2),
  )
  // Each season says how many characters appear in it.
  await page
    .getByRole('combobox', { name: 'Appears in' })
    .selectOption({ label: `Season 2 (${inSeason2.length})` })
  await expect.poll(() => urlState(page)).toEqual({ path: '/characters', query: { season: '2' } })
  await expect(page.getByRole('status').filter({ hasText: 'characters' })).toHaveText(
    `1–${Math.min(PAGE_SIZE, inSeason2.length)} of ${inSeason2.length} characters`,
  )
  await expect(rows.getByRole('link')).toHaveText(
    inSeason2.slice(0, PAGE_SIZE).map((id) => `Character #${id}`),
  )

  // The state is the URL: a reload shows the same.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Appears in' })).toHaveValue('2')
  await expect(rows.first().getByRole('link')).toHaveText(`Character #${inSeason2[0]}`, INDEXED)
})

test('the characters list sorts by a count (a second press reverses) and keeps counts within a range', async ({
  page,
}) => {
  const ids = [...characters.keys()]
  const episodesOf = (id: number) => characters.get(id)?.counts.episodes ?? 0
  const locationsOf = (id: number) => characters.get(id)?.counts.locations ?? 0
  await page.goto('/characters')
  const table = page.getByRole('table', { name: 'Characters' })
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') })
  await expect(rows.first()).toBeVisible(INDEXED)

  await table.getByRole('button', { name: 'Episodes', exact: true }).click()
  await table.getByRole('button', { name: 'Episodes', exact: true }).click()
  await expect(table.getByRole('columnheader', { name: 'Episodes' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  const mostEpisodes = [...ids].sort((a, b) => episodesOf(b) - episodesOf(a) || a - b)
  await expect(rows.getByRole('link')).toHaveText(
    mostEpisodes.slice(0, PAGE_SIZE).map((id) => `Character #${id}`),
  )

  await page.getByRole('textbox', { name: 'Locations from' }).fill('2')
  await page.getByRole('textbox', { name: 'Locations from' }).press('Enter')
  await expect(page).toHaveURL(/_sort_desc=episodes&locations__gte=2/)
  const residentTwice = mostEpisodes.filter((id) => locationsOf(id) >= 2)
  await expect(page.getByRole('status').filter({ hasText: 'characters' })).toHaveText(
    `1–${Math.min(PAGE_SIZE, residentTwice.length)} of ${residentTwice.length} characters`,
  )
  await expect(rows.getByRole('link')).toHaveText(
    residentTwice.slice(0, PAGE_SIZE).map((id) => `Character #${id}`),
  )
})

test('characters compared side by side share the episodes the dataset says, and one more is added by number', async ({
  page,
}) => {
  const list = [...characters].map(([id, entry]) => ({ id, ...entry }))
  const pair = list
    .flatMap((a) => list.filter((b) => b.id > a.id).map((b) => ({ a, b })))
    .map(({ a, b }) => ({
      a,
      b,
      shared: a.episodes.filter((episode) => b.episodes.some((other) => other.id === episode.id)),
    }))
    .find(({ shared }) => shared.length >= 2)
  if (!pair) throw new Error('no two characters share two episodes')
  const { a, b, shared } = pair
  await page.goto(`/characters/${a.id},${b.id}`)
  const table = page.getByRole('table', { name: 'Compare characters' })
  const columns = table.getByRole('columnheader').filter({ has: page.getByRole('link') })
  await expect(columns).toHaveText([`Character #${a.id}`, `Character #${b.id}`], INDEXED)
  const sharedRow = table.getByRole('row').filter({ hasText: 'Shared by all:' }).first()
  await expect(sharedRow).toContainText(`Shared by all: ${shared.length}`)
  await expect(
    table.getByRole('list', { name: 'Episodes shared by all', exact: true }).getByRole('link'),
  ).toHaveText([...shared].sort((x, y) => x.id - y.id).map((episode) => episode.episode))
  // Every row that says "differs" is one where characters can be alike: no row of their addresses, which
  // always differ (the columns' links lead to them).
  await expect(table.getByRole('rowheader', { name: /^Address/ })).toHaveCount(0)
  await expect(table.getByRole('rowheader', { name: /^Seasons/ })).toBeVisible()

  const third = list.find((entry) => entry.id !== a.id && entry.id !== b.id)
  if (!third) throw new Error('fewer than three characters')
  await page.getByRole('textbox', { name: 'Character number' }).fill(String(third.id))
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const ids = [a.id, b.id, third.id].sort((x, y) => x - y)
  await expect.poll(() => urlState(page).path).toBe(`/characters/${ids.join(',')}`)
  await expect(columns).toHaveCount(3)
  await table.getByRole('button', { name: `Remove Character #${third.id} from the comparison` }).click()
  await expect.poll(() => urlState(page).path).toBe(`/characters/${a.id},${b.id}`)
})

test('with the index built, a character page loads without asking for the index while the worker answers', async ({
  page,
}) => {
  const character = wellTravelled()
  await page.goto(`/characters/${character.id}`)
  const locations = page.getByRole('list', { name: 'Locations that list it as a resident' })
  await expect(locations.getByRole('link')).toHaveCount(character.locations.length, INDEXED)

  // From the next load on, every change of the page is read: a notice shown for a moment counts too.
  await page.addInitScript(() => {
    const flags = { askedForIndex: false }
    Object.assign(window, { flags })
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('It needs the catalogue index')) flags.askedForIndex = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await page.reload()
  await expect(locations.getByRole('link')).toHaveCount(character.locations.length)
  expect(await page.evaluate(() => Reflect.get(window, 'flags'))).toEqual({ askedForIndex: false })
})

test('the characters list corrects its address in place, and a season with no episodes is the one chosen', async ({
  page,
}) => {
  for (const [asked, corrected] of [
    ['/characters?season=x&page=0', '/characters'],
    ['/characters?page=abc', '/characters'],
    ['/characters?_sort=bogus&season=2', '/characters?season=2'],
  ] as const) {
    await page.goto(asked)
    await expect(heading(page, 'Characters')).toBeVisible()
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, asked).toBe(corrected)
  }
  // Replaced, not pushed: Back leaves the corrected address for the one before it.
  await page.goto('/locations')
  await page.goto('/characters?page=abc')
  await expect.poll(() => new URL(page.url()).search).toBe('')
  await page.goBack()
  await expect(page).toHaveURL(/\/locations$/)

  // The shipped catalogue has 6 seasons: season 9 is chosen, and nothing appears in it.
  await page.goto('/characters?season=9')
  await expect(page.getByText('No characters appear in season 9.')).toBeVisible(INDEXED)
  await expect(page.getByRole('combobox', { name: 'Appears in' })).toHaveValue('9')
  await expect(page.getByRole('combobox', { name: 'Appears in' }).locator('option:checked')).toHaveText(
    'Season 9 (0)',
  )
})

test('a comparison of characters marks every row that differs, first and last appearance too, and says None for what one lacks', async ({
  page,
}) => {
  const list = [...characters].map(([id, entry]) => ({ id, ...entry }))
  const seasonsOf = (entry: (typeof list)[number]) =>
    [...new Set(entry.episodes.map(seasonOfEpisode))].sort((x, y) => x - y).join(', ')
  // Two characters in the same seasons whose first and last episodes differ, and one in no episode at all.
  const pair = list
    .filter((entry) => entry.episodes.length >= 2)
    .flatMap((a) => list.filter((b) => b.id > a.id && b.episodes.length >= 2).map((b) => ({ a, b })))
    .find(
      ({ a, b }) =>
        seasonsOf(a) === seasonsOf(b) &&
        a.episodes[0]?.id !== b.episodes[0]?.id &&
        a.episodes.at(-1)?.id !== b.episodes.at(-1)?.id,
    )
  const none = list.find((entry) => entry.episodes.length === 0)
  if (!pair || !none) throw new Error('the catalogue lacks the characters this test needs')
  const { a, b } = pair
  const rowOf = (header: string) =>
    page
      .getByRole('table', { name: 'Compare characters' })
      .getByRole('row')
      .filter({
        has: page.getByRole('rowheader', { name: new RegExp(`^${header}`) }),
      })

  await page.goto(`/characters/${a.id},${b.id}`)
  await expect(rowOf('First appearance')).toBeVisible(INDEXED)
  await expect(rowOf('Seasons').getByRole('rowheader')).toHaveText('Seasons')
  await expect(rowOf('First appearance').getByRole('rowheader')).toHaveText('First appearancediffers')
  await expect(rowOf('Last appearance').getByRole('rowheader')).toHaveText('Last appearancediffers')

  const ids = [a.id, none.id].sort((x, y) => x - y)
  await page.goto(`/characters/${ids.join(',')}`)
  await expect(rowOf('Seasons')).toBeVisible(INDEXED)
  const at = ids.indexOf(none.id) + 1
  for (const header of ['Seasons', 'First appearance', 'Last appearance']) {
    await expect(
      rowOf(header)
        .getByRole('cell')
        .nth(at - 1),
      header,
    ).toHaveText('None')
  }
})

test('a character’s address is shown as the reference it is, not a link', async ({ page, catalogue }) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/characters/1')
  await expect(page.getByRole('heading', { level: 1, name: 'Character #1', exact: true })).toBeVisible()
  const address = page.getByRole('definition').filter({ hasText: '/v1/characters/1' })
  await expect(address).toBeVisible()
  await expect(address.getByRole('link')).toHaveCount(0)
})
