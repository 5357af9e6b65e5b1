/**
 * Insights of a long-running catalogue (55 seasons, 28 years of air dates): the long axes are drawn in spans,
 * each opening exactly its episodes, so the page stays a few screens long; every character is counted.
 */
import { generateDataset } from '../../server/data/generate'
import { indexStatus } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { type LargeCatalogue, OWN_PORT, startLargeCatalogue } from '../support/large-catalogue'

test.describe.configure({ timeout: 120_000, mode: 'serial' })

const dataset = generateDataset({ locations: 200, episodes: 3000, seed: 7 })
let service: LargeCatalogue

test.beforeAll(async () => {
  service = await startLargeCatalogue({ host: '127.0.0.1', port: OWN_PORT }, dataset)
})
test.afterAll(async () => {
  await service?.stop()
})

test('long axes are drawn in spans that each open exactly their episodes, and every character is counted', async ({
  page,
}) => {
  await page.goto(`${service.url}/insights`)
  await indexStatus(page).getByRole('button', { name: 'Build the index' }).click()
  const seasons = page.getByRole('figure', { name: 'Episodes per season' })
  await expect(seasons).toBeVisible({ timeout: 90_000 })

  for (const title of ['Episodes per season', 'Episodes over time']) {
    const bars = page.getByRole('figure', { name: title }).getByRole('link')
    expect(await bars.count(), title).toBeGreaterThan(5)
    expect(await bars.count(), title).toBeLessThanOrEqual(20)
  }
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6000)

  const firstSpan = seasons.getByRole('link').first()
  const inFirstSpan = dataset.episodes.filter((episode) => Number(episode.episode.slice(1, 3)) <= 5)
  await expect(firstSpan).toHaveAccessibleName(`S01–S05: ${inFirstSpan.length} episodes`)

  // Every character a location or an episode names, as many as the characters list counts.
  const named = new Set([
    ...dataset.locations.flatMap((location) => location.residents),
    ...dataset.episodes.flatMap((episode) => episode.characters),
  ])
  const characters = page.getByRole('figure', { name: 'Characters by number of episodes' })
  await characters.getByRole('button', { name: 'Show as table' }).click()
  const counts = await characters.getByRole('cell').allTextContents()
  expect(counts.reduce((total, text) => total + Number(text.replaceAll(',', '')), 0)).toBe(named.size)

  await firstSpan.click()
  await expect(page).toHaveURL(/\/episodes\?season__exact=S01&season__exact=S02&.*season__exact=S05$/)
  await expect(page.getByRole('status').filter({ hasText: 'episode' })).toContainText(
    `of ${inFirstSpan.length} episodes`,
  )
})
