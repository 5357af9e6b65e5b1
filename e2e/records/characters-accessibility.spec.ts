import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { charactersOf, readDataset } from '../support/dataset'
import { compareView, INDEXED } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { NO_VIEWS_URL } from '../support/servers'

// The pages read the catalogue index, which each test's fresh browser builds first.
test.describe.configure({ timeout: 90_000 })
const characters = charactersOf(readDataset())
const [busiest, second] = [...characters]
  .sort(([, a], [, b]) => b.episodes.length - a.episodes.length)
  .map(([id]) => id)

const states: { name: string; reach: (page: Page) => Promise<void> }[] = [
  {
    name: 'the characters list',
    reach: async (page) => {
      await page.goto('/characters?season=2&page=2')
      await expect(page.getByRole('table', { name: 'Characters' }).getByRole('link').first()).toBeVisible(
        INDEXED,
      )
    },
  },
  {
    name: 'a character page',
    reach: async (page) => {
      await page.goto(`/characters/${busiest}`)
      await expect(page.getByRole('heading', { level: 2, name: 'Episodes it appears in' })).toBeVisible(
        INDEXED,
      )
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible()
    },
  },
  {
    name: 'a character page before the index is built, on a service that does not answer characters',
    reach: async (page) => {
      // The worker cannot start: the page says what it will show, and the index line offers to build it.
      await page.route('**/v1/**', (route) => route.abort())
      await page.goto(`${NO_VIEWS_URL}/characters/${busiest}`)
      await expect(page.getByText(`This page will show character #${busiest}`)).toBeVisible()
    },
  },
  {
    name: 'a comparison of characters',
    reach: async (page) => {
      await page.goto(`/characters/${busiest},${second}`)
      await expect(compareView(page, 'characters').columns).toHaveCount(2, INDEXED)
    },
  },
  {
    name: 'a comparison of episodes on a phone',
    reach: async (page) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto('/episodes/1,2,3')
      await expect(compareView(page, 'episodes').columns).toHaveCount(3)
    },
  },
]

for (const state of states) {
  test(`axe finds no WCAG 2.2 A/AA violation on ${state.name}, light and dark`, async ({ page }) => {
    await state.reach(page)
    await expectNoAxeViolations(page, state.name)
  })
}
