import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'

/**
 * The shipped dataset, read straight from the file the service serves: the numbers below are counted here,
 * independently of the explorer's own aggregation code.
 */
type Dataset = {
  locations: { type: string; dimension: string; residents: number[] }[]
  episodes: { episode: string; air_date: string; characters: number[] }[]
}
const dataset: Dataset = JSON.parse(readFileSync('server/data/catalogue.json', 'utf8'))

type Row = [label: string, value: string]

function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}

function topWithOther(values: string[]): Row[] {
  const sorted = [...tally(values)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const rows: Row[] = sorted.slice(0, 15).map(([value, count]) => [value || '(none)', String(count)])
  const rest = sorted.slice(15).reduce((total, [, count]) => total + count, 0)
  return rest > 0 ? [...rows, ['Other', String(rest)]] : rows
}

const BINS: [string, (n: number) => boolean][] = [
  ['0', (n) => n === 0],
  ['1', (n) => n === 1],
  ['2', (n) => n === 2],
  ['3–5', (n) => n >= 3 && n <= 5],
  ['6–10', (n) => n >= 6 && n <= 10],
  ['11–20', (n) => n >= 11 && n <= 20],
  ['21 or more', (n) => n >= 21],
]
const binned = (numbers: number[], bins = BINS): Row[] =>
  bins.map(([label, holds]) => [label, String(numbers.filter(holds).length)])

function expected(): Record<string, Row[]> {
  const { episodes, locations } = dataset
  const seasons = [...tally(episodes.map((episode) => episode.episode.slice(0, 3)))].sort()
  const years = tally(episodes.map((episode) => episode.air_date.slice(-4)))
  const yearNumbers = [...years.keys()].map(Number)
  const allYears: Row[] = []
  for (let year = Math.min(...yearNumbers); year <= Math.max(...yearNumbers); year++) {
    allYears.push([String(year), String(years.get(String(year)) ?? 0)])
  }
  const appearances = tally(episodes.flatMap((episode) => [...new Set(episode.characters)].map(String)))
  // Every character the catalogue names: one that only a location names appears in 0 episodes.
  for (const location of locations)
    for (const id of location.residents) if (!appearances.has(String(id))) appearances.set(String(id), 0)
  return {
    'Episodes per season': seasons.map(([season, count]) => [season, String(count)]),
    'Episodes over time': allYears,
    'Locations by type': topWithOther(locations.map((location) => location.type)),
    'Locations by dimension': topWithOther(locations.map((location) => location.dimension)),
    'Residents per location': binned(locations.map((location) => new Set(location.residents).size)),
    'Characters by number of episodes': binned([...appearances.values()]),
  }
}

const chart = (page: Page, title: string) => page.getByRole('figure', { name: title })

/**
 * Opens the insights once they are counted: the catalogue index, built on idle from every page of both lists,
 * must be complete first (allow for it).
 */
async function openInsights(page: Page) {
  await page.goto('/insights')
  await expect(chart(page, 'Characters by number of episodes')).toBeVisible({ timeout: 20_000 })
}

async function tableRows(figure: Locator): Promise<Row[]> {
  const rows = figure.getByRole('table').getByRole('row')
  await expect(rows.first()).toBeVisible()
  const texts = await rows.evaluateAll((elements) =>
    elements.slice(1).map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')),
  )
  return texts.map(([label = '', value = '']) => [label, value])
}

test('every chart shows, through "Show as table", the numbers counted from the dataset', async ({ page }) => {
  await openInsights(page)
  for (const [title, rows] of Object.entries(expected())) {
    const figure = chart(page, title)
    await figure.getByRole('button', { name: 'Show as table' }).click()
    await expect(figure.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(await tableRows(figure), title).toEqual(rows)
  }
})

for (const [title, rows] of Object.entries(expected())) {
  test(`"${title}": every bar is a keyboard stop that says its value`, async ({ page }) => {
    await openInsights(page)
    const figure = chart(page, title)
    await figure.getByRole('button', { name: 'Show as table' }).focus()
    for (const [label, value] of rows) {
      await page.keyboard.press('Tab')
      const focused = figure.locator(':focus')
      await expect(focused, label).toHaveAccessibleName(new RegExp(`^${escapeRegExp(label)}: ${value} \\w+$`))
    }
  })
}

test('a bar opens the list of exactly its value: a season, a year, a type, a dimension, an empty value', async ({
  page,
}) => {
  await openInsights(page)
  const path = (list: string, facet: string, value: string) =>
    `/${list}?${new URLSearchParams([[`${facet}__exact`, value]])}`
  const seasons = chart(page, 'Episodes per season')
  await expect(seasons.getByRole('link', { name: /^S02: / })).toHaveAttribute(
    'href',
    path('episodes', 'season', 'S02'),
  )
  const [type, count] = expected()['Locations by type']?.[0] ?? ['', '']
  const types = chart(page, 'Locations by type')
  await expect(types.getByRole('link', { name: `${type}: ${count} locations` })).toHaveAttribute(
    'href',
    path('locations', 'type', type),
  )
  const [dimension, inDimension] = expected()['Locations by dimension']?.[0] ?? ['', '']
  await expect(
    chart(page, 'Locations by dimension').getByRole('link', {
      name: `${dimension}: ${inDimension} locations`,
    }),
  ).toHaveAttribute('href', path('locations', 'dimension', dimension))
  const [year, inYear] = expected()['Episodes over time']?.find(([, value]) => value !== '0') ?? ['', '']
  await expect(
    chart(page, 'Episodes over time').getByRole('link', { name: `${year}: ${inYear} episodes` }),
  ).toHaveAttribute('href', `/episodes?air_date__gte=${year}&air_date__lte=${year}`)
  // An empty value is a value of its own ("(none)"); "Other" counts several values and opens nothing.
  await expect(types.getByRole('link', { name: /^\(none\): / })).toHaveAttribute(
    'href',
    '/locations?type__exact=',
  )
  await expect(types.getByRole('link', { name: /^Other: / })).toHaveCount(0)
  await expect(types.getByRole('img', { name: /^Other: / })).toBeVisible()

  // Followed, a bar's list holds exactly the records it counted: the empty type's too.
  const [, none] = expected()['Locations by type']?.find(([label]) => label === '(none)') ?? ['', '']
  await types.getByRole('link', { name: /^\(none\): / }).click()
  await expect(page).toHaveURL('/locations?type__exact=')
  await expect(page.getByRole('status').filter({ hasText: 'location' })).toHaveText(
    `1–${none} of ${none} locations`,
  )
  await page.goBack()
  await chart(page, 'Locations by type')
    .getByRole('link', { name: `${type}: ${count} locations` })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'location' })).toHaveText(
    `1–${Math.min(20, Number(count))} of ${count} locations`,
  )
  await page.goBack()
  await chart(page, 'Episodes over time')
    .getByRole('link', { name: `${year}: ${inYear} episodes` })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'episode' })).toHaveText(
    `1–${Math.min(20, Number(inYear))} of ${inYear} episodes`,
  )
  await page.goBack()
  const [, inSeason] = expected()['Episodes per season']?.find(([label]) => label === 'S02') ?? ['', '']
  await chart(page, 'Episodes per season')
    .getByRole('link', { name: /^S02: / })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Episodes' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'episode' })).toHaveText(
    `1–${inSeason} of ${inSeason} episodes`,
  )
})

test('the charts fit a 375 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openInsights(page)
  await expect(chart(page, 'Locations by type').getByRole('img', { name: /^Other: / })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
