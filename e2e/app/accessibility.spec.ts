import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { API_PREFIX, PAGE_SIZE } from '../../src/catalogue'
import { expectNoAxeViolations } from '../support/axe'
import { type CatalogueSnapshot, holdingsOf, matching, nameFillingPages, pageOf } from '../support/catalogue'
import { compareView, listView, mainNav, openIndexed } from '../support/explorer'
import { isLocationListPage, jsonBody } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL, LARGE_URL } from '../support/large-catalogue'
import { SHELL_URL, WRONG_KEY } from '../support/servers'
import { KEY_REFUSED, keptFromEarlierVisit, settingsView } from '../support/settings'

type State = {
  name: string
  /** Brings the page into the state and waits until it shows it. */
  reach: (page: Page, catalogue: CatalogueSnapshot) => Promise<void>
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

const states: State[] = [
  {
    name: 'the locations list',
    reach: async (page) => {
      await page.goto('/locations')
      await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
    },
  },
  {
    name: 'a filtered list on page 2',
    reach: async (page, catalogue) => {
      const name = nameFillingPages(catalogue.locations)
      await page.goto(`/locations?name=${encodeURIComponent(name)}&page=2`)
      const list = listView(page, 'locations')
      await expect(list.summary).toContainText(`21–`)
      await expect(list.pageNumber(2)).toHaveAttribute('aria-current', 'page')
    },
  },
  {
    name: 'an empty result',
    reach: async (page) => {
      await page.goto('/locations?name=no%20such%20place%20qqzx')
      await expect(listView(page, 'locations').emptyHeading).toBeVisible()
    },
  },
  {
    name: 'the episodes list filtered by season',
    reach: async (page, catalogue) => {
      await page.goto('/episodes?episode=S02')
      const count = matching(catalogue.episodes, { episode: 'S02' }).length
      await expect(listView(page, 'episodes').rows).toHaveCount(Math.min(count, PAGE_SIZE))
    },
  },
  {
    name: 'a location',
    reach: async (page, catalogue) => {
      const record = catalogue.locations.find((location) => location.residents.length > 0)
      if (!record) throw new Error('no location has residents')
      await page.goto(`/locations/${record.id}`)
      await expect(page.getByRole('list', { name: 'Resident character numbers' })).toBeVisible()
    },
  },
  {
    name: 'a faceted, sorted list with a range, its values shown in full and its columns chosen',
    reach: async (page, catalogue) => {
      await openIndexed(page, holdingsOf(catalogue))
      await page.goto('/locations?_sort_desc=residents&type__exact=Planet&type__exact=&residents__gte=1')
      const list = listView(page, 'locations')
      await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending')
      await expect(list.facetValue('Type', 'Planet')).toBeChecked()
      await list
        .facet('Type')
        .getByRole('button', { name: /^Show all/ })
        .click()
      await list.columnsButton.click()
      await expect(page.getByRole('group', { name: 'Columns shown, in order' })).toBeVisible()
    },
  },
  {
    name: 'a view answered by the service, its facets counted there, with no index',
    reach: async (page) => {
      await page.goto(`${LARGE_URL}/locations?_sort_desc=residents&type__exact=Planet`)
      const list = listView(page, 'locations')
      await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending')
      await expect(page.getByText('Counted by the catalogue service.')).toBeVisible()
    },
  },
  {
    name: 'a view waiting for the catalogue index',
    reach: async (page) => {
      await page.goto(`${LARGE_NO_VIEWS_URL}/episodes?_sort=air_date`)
      await expect(page.getByText(/answered by the catalogue index/)).toBeVisible()
      await expect(page.getByRole('button', { name: 'Build the index' }).first()).toBeVisible()
    },
  },
  {
    name: 'an episode',
    reach: async (page, catalogue) => {
      const record = catalogue.episodes.find((episode) => episode.characters.length > 0)
      if (!record) throw new Error('no episode has characters')
      await page.goto(`/episodes/${record.id}`)
      await expect(page.getByRole('list', { name: 'Character numbers' })).toBeVisible()
    },
  },
  {
    name: 'a comparison with an id not found',
    reach: async (page, catalogue) => {
      const ids = pageOf(catalogue.locations, 1)
        .slice(0, 3)
        .map((record) => record.id)
      await page.goto(`/locations/${ids.join(',')},999999`)
      await expect(compareView(page, 'locations').columns).toHaveCount(3)
      await expect(page.getByText('Not found: #999999')).toBeVisible()
    },
  },
  {
    name: 'the not-found page',
    reach: async (page) => {
      await page.goto('/episodes/999999')
      await expect(h1(page, 'Episode not found')).toBeVisible()
    },
  },
  {
    name: 'settings in demo mode',
    reach: async (page) => {
      await page.goto('/settings')
      await expect(settingsView(page).demoHint).toBeVisible()
    },
  },
  {
    name: 'settings after a refused key',
    reach: async (page) => {
      await keptFromEarlierVisit(page, WRONG_KEY)
      await page.goto('/locations')
      await expect(settingsView(page).alert).toHaveText(KEY_REFUSED)
    },
  },
  {
    name: 'a server error',
    reach: async (page) => {
      await page.route(isLocationListPage(1), (route) => route.fulfill(jsonBody(500, { error: 'Broken.' })))
      // The app's shell, which asks for the rows itself (a first view rendered by the service holds them).
      await page.goto(`${SHELL_URL}/locations`)
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
    },
  },
  {
    name: 'a schema mismatch',
    reach: async (page) => {
      await page.route(isLocationListPage(1), (route) => route.fulfill(jsonBody(200, { results: 'none' })))
      await page.goto(`${SHELL_URL}/locations`)
      await expect(page.getByRole('alert')).toContainText('unexpected')
    },
  },
]

for (const state of states) {
  test(`no WCAG 2.2 A/AA violation on ${state.name}, light and dark`, async ({ page, catalogue }) => {
    // axe takes several seconds a run on a busy two-core machine.
    test.slow()
    await state.reach(page, catalogue)
    await expectNoAxeViolations(page, state.name)
  })
}

for (const address of ['/locations', '/']) {
  test(`the skip link is the first stop on ${address} and leads to the main content`, async ({ page }) => {
    await page.goto(address)
    await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
    // Start from the top of the document, as a keyboard user arriving on the page does.
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
  })
}

test('after each navigation, focus is on the page heading', async ({ page, catalogue }) => {
  const record = pageOf(catalogue.locations, 1)[1]
  if (!record) throw new Error('fewer than two locations')
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)

  await list.recordLink(record.name).press('Enter')
  await expect(h1(page, record.name)).toBeFocused()

  await mainNav(page).link('Episodes').press('Enter')
  await expect(h1(page, 'Episodes')).toBeFocused()

  await mainNav(page).link('Settings').press('Enter')
  await expect(h1(page, 'Settings')).toBeFocused()

  await page.goBack()
  await expect(h1(page, 'Episodes')).toBeFocused()
})

test('the colours follow the system light or dark setting', async ({ page }) => {
  await page.goto('/locations')
  await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
  // Relative luminance (0 black … 1 white) of the page's text colour.
  const textLuminance = () =>
    page.evaluate(() => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).color.match(/[\d.]+/g) ?? []).map(Number)
      const linear = (channel: number) => {
        const c = channel / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    })
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(textLuminance).toBeLessThan(0.2)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(textLuminance).toBeGreaterThan(0.5)
})

test('the offline banner’s Retry is a button like the others: at least 24 px tall, in the page’s type size', async ({
  page,
  catalogue,
}) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.route(`**${API_PREFIX}/**`, (route) => route.abort('internetdisconnected'))
  await page.goto('/locations?name=a&page=2')
  const banner = page.getByRole('status').filter({ hasText: 'Offline: showing the catalogue as of' })
  const retry = banner.getByRole('button', { name: 'Retry' })
  await expect(retry).toBeVisible()
  const box = await retry.boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(24)
  const size = (locator: typeof retry) => locator.evaluate((element) => getComputedStyle(element).fontSize)
  expect(await size(retry)).toBe(await size(listView(page, 'locations').clearFilters))
})

test('/api names every response section uniquely (axe landmark-unique)', async ({ page }) => {
  await page.goto('/api')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: /200 OK/ }).first()).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()
  expect(violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([])
})
