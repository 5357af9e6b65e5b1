/** The episode-code filter reads the shorthands the search reads (`S2`, `s2e3`) as the codes they stand for. */
import { matching, namesOf, pageOf } from '../support/catalogue'
import { expectListShows, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { urlState } from '../support/url'

test('a season typed as S2 lists season 2, and the field and the address say S02', async ({
  page,
  catalogue,
}) => {
  const season = matching(catalogue.episodes, { episode: 'S02' })
  expect(season.length, 'the dataset has a season 2').toBeGreaterThan(0)
  const list = listView(page, 'episodes')
  await page.goto('/episodes')
  await expect(list.summary).toContainText(`of ${catalogue.episodes.length} episodes`)

  await list.field('Episode code').fill('S2')
  await expectListShows(list, { count: season.length, page: 1, names: namesOf(pageOf(season, 1)) })
  await expect(list.field('Episode code')).toHaveValue('S02')
  expect(urlState(page)).toEqual({ path: '/episodes', query: { episode: 'S02' } })
})

test('an episode typed as s2e3 lists S02E03, and a shared address with the shorthand is corrected', async ({
  page,
  catalogue,
}) => {
  const episode = catalogue.episodes.find((record) => record.episode === 'S02E03')
  if (!episode) throw new Error('the dataset has no S02E03')
  const list = listView(page, 'episodes')
  await page.goto('/episodes')
  await expect(list.summary).toContainText(`of ${catalogue.episodes.length} episodes`)

  await list.field('Episode code').fill('s2e3')
  await expectListShows(list, { count: 1, page: 1, names: [episode.name] })
  await expect(list.field('Episode code')).toHaveValue('S02E03')
  expect(urlState(page)).toEqual({ path: '/episodes', query: { episode: 'S02E03' } })

  await page.goto('/episodes?episode=S02E3')
  await expectListShows(list, { count: 1, page: 1, names: [episode.name] })
  expect(urlState(page)).toEqual({ path: '/episodes', query: { episode: 'S02E03' } })
  await expect(list.field('Episode code')).toHaveValue('S02E03')
})
