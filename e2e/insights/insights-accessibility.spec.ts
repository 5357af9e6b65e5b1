import type { Page } from '@playwright/test'
import { API_PREFIX, PAGE_SIZE } from '../../src/catalogue'
import { expectNoAxeViolations } from '../support/axe'
import { listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'

const CHART_TITLES = [
  'Episodes per season',
  'Episodes over time',
  'Locations by type',
  'Locations by dimension',
  'Residents per location',
  'Characters by number of episodes',
]

async function openInsights(page: Page) {
  await page.goto('/insights')
  await expect(page.getByRole('figure')).toHaveCount(CHART_TITLES.length, { timeout: 20_000 })
}

const states: { name: string; reach: (page: Page) => Promise<void> }[] = [
  { name: 'the insights charts', reach: openInsights },
  {
    name: 'the insights as tables, one bar focused',
    reach: async (page) => {
      await openInsights(page)
      for (const title of CHART_TITLES) {
        await page.getByRole('figure', { name: title }).getByRole('button', { name: 'Show as table' }).click()
      }
      await expect(page.getByRole('table')).toHaveCount(CHART_TITLES.length)
    },
  },
  {
    name: 'the insights on a phone, a bar focused',
    reach: async (page) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await openInsights(page)
      await page.getByRole('figure', { name: 'Episodes per season' }).getByRole('link').first().focus()
    },
  },
  {
    name: 'a list with its API disclosure and response JSON open',
    reach: async (page) => {
      await page.goto('/locations')
      await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
      await page.getByText(/^API \(1 request\)$/).click()
      await page.getByText('Response JSON', { exact: true }).click()
      await expect(
        page.getByRole('region', { name: `Response of GET ${API_PREFIX}/locations` }),
      ).toBeVisible()
    },
  },
]

// axe reads the whole page twice (light, dark): slow when the machine is busy.
test.describe.configure({ timeout: 120_000 })

for (const state of states) {
  test(`no WCAG 2.2 A/AA violation on ${state.name}, light and dark`, async ({ page }) => {
    await state.reach(page)
    await expectNoAxeViolations(page, state.name)
  })
}
