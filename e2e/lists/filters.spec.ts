import { PAGE_SIZE } from '../../src/catalogue'
import { matching, nameFillingPages, namesOf, pageOf, wordMatching } from '../support/catalogue'
import { expectListShows, listView, mainNav } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { freezePageClock, pauseTyping, typeAtPace } from '../support/page-clock'
import { urlState } from '../support/url'

test('filtering shows the matching records, and the URL, a reload and a new tab show the same', async ({
  page,
  context,
  catalogue,
}) => {
  const word = wordMatching(catalogue.locations, 'name', 2, PAGE_SIZE)
  const byName = matching(catalogue.locations, { name: word })
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.summary).toContainText(`of ${catalogue.locations.length} locations`)

  await list.field('Name').fill(word)
  await expectListShows(list, { count: byName.length, page: 1, names: namesOf(byName) })
  expect(urlState(page)).toEqual({ path: '/locations', query: { name: word } })

  // A second filter narrows further (all filters must match).
  const narrower = (location: { type: string }) =>
    location.type.trim() !== '' && matching(byName, { type: location.type }).length < byName.length
  const type = byName.find(narrower)?.type ?? ''
  expect(type, 'a type that narrows the name filter').not.toBe('')
  const both = matching(catalogue.locations, { name: word, type })
  await list.field('Type').fill(type)
  await expectListShows(list, { count: both.length, page: 1, names: namesOf(both) })
  await expect.poll(() => urlState(page).query).toEqual({ name: word, type })

  await page.reload()
  await expectListShows(list, { count: both.length, page: 1, names: namesOf(both) })
  await expect(list.field('Name')).toHaveValue(word)
  await expect(list.field('Type')).toHaveValue(type)

  const tab = await context.newPage()
  await tab.goto(page.url())
  const tabList = listView(tab, 'locations')
  await expectListShows(tabList, { count: both.length, page: 1, names: namesOf(both) })
  await expect(tabList.field('Name')).toHaveValue(word)
  await expect(tabList.field('Type')).toHaveValue(type)
  await expect(tabList.field('Dimension')).toHaveValue('')

  // The form's own Clear filters resets every field and the list.
  await list.clearFilters.click()
  await expectListShows(list, {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
  await expect(list.field('Name')).toHaveValue('')
  await expect(list.field('Type')).toHaveValue('')
  expect(urlState(page).query).toEqual({})
})

test('a change of filter returns to page 1, and typing does not leave one history entry per pause', async ({
  page,
  catalogue,
}) => {
  const name = nameFillingPages(catalogue.locations)
  const ofName = matching(catalogue.locations, { name })
  await page.goto(`/locations?name=${encodeURIComponent(name)}`)
  const list = listView(page, 'locations')
  await expectListShows(list, { count: ofName.length, page: 1, names: namesOf(pageOf(ofName, 1)) })
  await list.pageControl('Next page').click()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(pageOf(ofName, 2)) })

  // Type a second filter in two goes, each long enough for the list to follow it.
  const word = wordMatching(ofName, 'type', 1, ofName.length)
  const start = word.slice(0, 2)
  await list.field('Type').fill(start)
  await expect.poll(() => urlState(page).query).toEqual({ name, type: start })
  const partial = matching(ofName, { type: start })
  await expectListShows(list, { count: partial.length, page: 1, names: namesOf(pageOf(partial, 1)) })

  await list.field('Type').fill(word)
  await expect.poll(() => urlState(page).query).toEqual({ name, type: word })
  const full = matching(ofName, { type: word })
  await expectListShows(list, { count: full.length, page: 1, names: namesOf(pageOf(full, 1)) })

  // Back skips the half-typed value: typing replaced the entry instead of pushing one per pause.
  await page.goBack()
  await expect.poll(() => urlState(page).query.type).toBeUndefined()
  await expect(list.field('Type')).toHaveValue('')
  await expect(list.field('Name')).toHaveValue(name)
  await expect(list.summary).toContainText(`of ${ofName.length} locations`)
})

test('back and forward restore the results and re-fill the form', async ({ page, catalogue }) => {
  const name = nameFillingPages(catalogue.locations)
  const ofName = matching(catalogue.locations, { name })
  const all = catalogue.locations
  const list = listView(page, 'locations')

  await page.goto(`/locations?name=${encodeURIComponent(name)}`)
  await expectListShows(list, { count: ofName.length, page: 1, names: namesOf(pageOf(ofName, 1)) })
  await list.pageControl('Next page').click()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(pageOf(ofName, 2)) })
  await mainNav(page).link('Locations').click()
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(all, 1)) })
  await expect(list.field('Name')).toHaveValue('')

  await page.goBack()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(pageOf(ofName, 2)) })
  await expect(list.field('Name')).toHaveValue(name)
  expect(urlState(page).query).toEqual({ name, page: '2' })

  await page.goBack()
  await expectListShows(list, { count: ofName.length, page: 1, names: namesOf(pageOf(ofName, 1)) })
  await expect(list.field('Name')).toHaveValue(name)

  await page.goForward()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(pageOf(ofName, 2)) })

  await page.goForward()
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(all, 1)) })
  await expect(list.field('Name')).toHaveValue('')
})

test('an empty result is an empty state, not an error, and Clear filters leads out of it', async ({
  page,
  catalogue,
}) => {
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.summary).toContainText(`of ${catalogue.locations.length} locations`)

  await list.field('Name').fill('no such place qqzx')
  await expect(list.emptyHeading).toBeVisible()
  await expect(list.summary).toHaveText('No locations match these filters')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)

  await list.emptyStateClear.click()
  await expectListShows(list, {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
  await expect(list.field('Name')).toHaveValue('')
  expect(urlState(page).query).toEqual({})
})

test('episodes filter by a season code', async ({ page, catalogue }) => {
  const season = matching(catalogue.episodes, { episode: 'S02' })
  expect(season.length, 'the dataset has a season 2').toBeGreaterThan(0)
  await page.goto('/episodes')
  const list = listView(page, 'episodes')
  await expect(list.summary).toContainText(`of ${catalogue.episodes.length} episodes`)
  await expect(page.getByText('A season such as S02, or one episode such as S02E03')).toBeVisible()

  await list.field('Episode code').fill('S02')
  await expectListShows(list, { count: season.length, page: 1, names: namesOf(pageOf(season, 1)) })
  expect(urlState(page)).toEqual({ path: '/episodes', query: { episode: 'S02' } })

  const one = season[0]
  if (!one) throw new Error('unreachable: season 2 has episodes')
  const code = one.episode.toLowerCase()
  const byCode = matching(catalogue.episodes, { episode: code })
  await list.field('Episode code').fill(code)
  await expectListShows(list, { count: byCode.length, page: 1, names: namesOf(byCode) })
  await expect(list.rows.first()).toContainText(one.episode)
})

test('typing a name asks the service once it pauses, not at every keystroke', async ({ page, catalogue }) => {
  // A long name typed at a fast typist's pace on the page's clock: one request, for the whole name, once typing
  // pauses. The clock measures the pace, so a busy machine's late keystrokes are no pauses.
  const record = [...catalogue.locations].sort((a, b) => b.name.length - a.name.length)[0]
  if (!record) throw new Error('empty catalogue')
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/^\/v1\/locations\/?$/.test(url.pathname) && url.searchParams.has('name')) {
      asked.push(url.searchParams.get('name') ?? '')
    }
  })
  await page.clock.install()
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.summary).toContainText(`of ${catalogue.locations.length} locations`)

  await freezePageClock(page)
  await typeAtPace(page, list.field('Name'), record.name)
  await expect(list.field('Name')).toHaveValue(record.name)
  expect(asked, 'requests while typing').toEqual([])

  await pauseTyping(page)
  const found = matching(catalogue.locations, { name: record.name })
  await expectListShows(list, { count: found.length, page: 1, names: namesOf(found) })
  expect(asked).toEqual([record.name])
})
