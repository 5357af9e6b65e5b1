/**
 * Screenshots of every page at desktop and phone width, for people to look at; not a test of pixels.
 * Runs only through `npm run screenshots` (UPDATE_SCREENSHOTS=1; see playwright.config.ts). Every shot goes
 * to test-results/screenshots/; those the README and the docs show are also written to docs/screenshots/.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { generateDataset, MAX_EPISODES } from '../../server/data/generate'
import { characterIdFromUrl, PAGE_SIZE } from '../../src/catalogue'
import type { CatalogueSnapshot } from '../support/catalogue'
import { compareView, INDEXED, indexStatus, LARGE_INDEXED, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { type LargeCatalogue, OWN_PORT, startLargeCatalogue } from '../support/large-catalogue'

const widths = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const

/** The shots the README shows, by page name and width. */
const IN_README = new Set([
  'locations-desktop',
  'location-phone',
  'insights-desktop',
  'insights-phone',
  'api-disclosure-desktop',
  'character-desktop',
  'compare-desktop',
  'search-desktop',
  'api-desktop',
  'api-phone',
  'api-try-desktop',
  'api-try-phone',
  'data-tool-desktop',
  'data-tool-phone',
])

/** Pages also shot in the dark colour scheme (to test-results/screenshots/ only, as `<name>-<width>-dark`). */
const IN_DARK = new Set(['insights', 'api-disclosure', 'api', 'api-try', 'data-tool'])

/** Dark shots docs/ shows too (docs/explorer.md, the API page to try). */
const DARK_IN_DOCS = new Set(['api-try', 'data-tool'])

type Shot = {
  name: string
  path: (ids: { location: number; episode: number; character: number; sharing: string }) => string
  ready: (page: Page) => Promise<void>
  /** The whole page on a phone (the default), or the screen only (a long reference). */
  fullPageOnPhone?: boolean
  /** The whole page on a desktop too (the screen only is the default). */
  fullPageOnDesktop?: true
}

const shots: Shot[] = [
  {
    name: 'locations',
    path: () => '/locations',
    ready: (page) => expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE),
  },
  {
    // A faceted, sorted list with chosen columns (the small catalogue is indexed by the visit itself).
    name: 'data-tool',
    fullPageOnDesktop: true,
    path: () =>
      '/locations?_sort_desc=residents&type__exact=Resort&type__exact=Planet&_col=name&_col=type&_col=residents&_col=created',
    ready: async (page) => {
      const list = listView(page, 'locations')
      await expect(list.header('Residents')).toHaveAttribute('aria-sort', 'descending', INDEXED)
      // On a phone the facets fold with the filters: the shot shows them open.
      const toggle = list.form.getByRole('button', { name: /^Filters/ })
      if (await toggle.isVisible()) await toggle.click()
      await expect(list.facetValue('Type', 'Resort')).toBeChecked(INDEXED)
      await expect(list.rows.first()).toBeVisible()
    },
  },
  {
    name: 'episodes-season',
    path: () => '/episodes?episode=S02',
    ready: (page) => expect(listView(page, 'episodes').summary).toContainText('of'),
  },
  {
    name: 'empty',
    path: () => '/locations?name=no%20such%20place',
    ready: (page) => expect(listView(page, 'locations').emptyHeading).toBeVisible(),
  },
  {
    name: 'location',
    path: ({ location }) => `/locations/${location}`,
    ready: (page) => expect(page.getByRole('list', { name: 'Resident character numbers' })).toBeVisible(),
  },
  {
    name: 'episode',
    path: ({ episode }) => `/episodes/${episode}`,
    ready: (page) => expect(page.getByRole('list', { name: 'Character numbers' })).toBeVisible(),
  },
  {
    name: 'compare',
    path: ({ sharing }) => `/episodes/${sharing}`,
    ready: (page) => expect(compareView(page, 'episodes').columns.first()).toBeVisible(),
  },
  {
    name: 'characters',
    path: () => '/characters?season=2',
    ready: (page) =>
      expect(page.getByRole('table', { name: 'Characters' }).getByRole('link').first()).toBeVisible(INDEXED),
  },
  {
    name: 'character',
    path: ({ character }) => `/characters/${character}`,
    ready: (page) =>
      expect(page.getByRole('list', { name: 'Locations that list it as a resident' })).toBeVisible(INDEXED),
  },
  {
    name: 'not-found',
    path: () => '/locations/999999',
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Location not found' })).toBeVisible(),
  },
  {
    name: 'insights',
    path: () => '/insights',
    ready: (page) =>
      expect(page.getByRole('figure', { name: 'Characters by number of episodes' })).toBeVisible({
        timeout: 20_000,
      }),
  },
  {
    name: 'api-disclosure',
    path: () => '/episodes?episode=S02',
    ready: async (page) => {
      await expect(listView(page, 'episodes').rows.first()).toBeVisible()
      await page.getByText(/^API \(1 request\)$/).click()
      await page.getByText('Response JSON', { exact: true }).click()
      const request = page.getByRole('region', { name: /^GET / })
      await expect(request.getByRole('definition').first()).toHaveText('200')
      await request.scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'search',
    path: () => '/locations',
    ready: async (page) => {
      // Once the catalogue is indexed in the browser, the palette searches all of it.
      await expect(indexStatus(page)).toContainText('updated', INDEXED)
      await page.keyboard.press('Control+K')
      await page.getByRole('combobox', { name: 'Search' }).fill('cafe')
      await expect(page.getByRole('option', { name: /^Café Müller/ })).toBeVisible()
    },
  },
  {
    name: 'api',
    path: () => '/api',
    fullPageOnPhone: false,
    ready: async (page) => {
      await expect(page.getByRole('navigation', { name: 'Endpoints' }).getByRole('link')).toHaveCount(4)
      await expect(page.getByText("From the service's own document")).toBeVisible()
    },
  },
  {
    name: 'api-try',
    path: () => '/api',
    fullPageOnPhone: false,
    ready: async (page) => {
      const form = page.getByRole('region', { name: 'Try GET /v1/locations', exact: true })
      await form.getByRole('textbox', { name: 'name' }).fill('earth')
      await form.getByRole('button', { name: 'Send GET request' }).click()
      await expect(form.getByRole('status').filter({ hasText: /^200 OK in/ })).toBeVisible()
      await form.getByText('The request as code').click()
      await form.scrollIntoViewIfNeeded()
      await form.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    },
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(),
  },
]

/** The resident in the most episodes, and (at most) three of its episodes, which share it. */
function showcase(catalogue: CatalogueSnapshot): { character: number; sharing: string } {
  const counts = new Map<number, number>()
  for (const episode of catalogue.episodes) {
    for (const id of new Set(characterNumbersOf(episode.characters)))
      counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  const residents = new Set(catalogue.locations.flatMap((location) => characterNumbersOf(location.residents)))
  const character = [...counts].filter(([id]) => residents.has(id)).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 1
  const sharing = catalogue.episodes
    .filter((episode) => characterNumbersOf(episode.characters).includes(character))
    .slice(0, 3)
    .map((episode) => episode.id)
  return { character, sharing: sharing.join(',') }
}

const characterNumbersOf = (urls: readonly string[]) => urls.flatMap((url) => characterIdFromUrl(url) ?? [])

for (const [widthName, viewport] of Object.entries(widths)) {
  test.describe(`${widthName} width`, () => {
    test.use({ viewport })

    for (const shot of shots) {
      test(`${shot.name}`, async ({ page, catalogue }) => {
        const location = catalogue.locations.find((record) => record.residents.length >= 3)?.id ?? 1
        const episode = catalogue.episodes[0]?.id ?? 1
        const { character, sharing } = showcase(catalogue)
        await page.goto(shot.path({ location, episode, character, sharing }))
        await shot.ready(page)
        const file = `${shot.name}-${widthName}`
        const fullPage =
          widthName === 'phone' ? shot.fullPageOnPhone !== false : shot.fullPageOnDesktop === true
        const image = await page.screenshot({ fullPage, animations: 'disabled' })
        await test.info().attach(file, { body: image, contentType: 'image/png' })
        await mkdir('test-results/screenshots', { recursive: true })
        await writeFile(`test-results/screenshots/${file}.png`, image)
        if (IN_README.has(file)) {
          await mkdir('docs/screenshots', { recursive: true })
          await writeFile(`docs/screenshots/${file}.png`, image)
        }
        if (IN_DARK.has(shot.name)) {
          await page.emulateMedia({ colorScheme: 'dark' })
          const dark = await page.screenshot({ fullPage, animations: 'disabled' })
          await writeFile(`test-results/screenshots/${file}-dark.png`, dark)
          if (DARK_IN_DOCS.has(shot.name)) await writeFile(`docs/screenshots/${file}-dark.png`, dark)
        }
      })
    }
  })
}

/** Writes a shot, light and dark, to test-results/screenshots/ and docs/screenshots/. */
async function shootForDocs(page: Page, file: string, fullPage: boolean) {
  await mkdir('test-results/screenshots', { recursive: true })
  await mkdir('docs/screenshots', { recursive: true })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const image = await page.screenshot({ fullPage, animations: 'disabled' })
    const name = scheme === 'light' ? file : `${file}-dark`
    await test.info().attach(name, { body: image, contentType: 'image/png' })
    await writeFile(`test-results/screenshots/${name}.png`, image)
    await writeFile(`docs/screenshots/${name}.png`, image)
  }
}

test.describe('the narrowest phone (320 px)', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('columns menu', async ({ page }) => {
    await page.goto('/locations')
    const list = listView(page, 'locations')
    await expect(list.rows).toHaveCount(PAGE_SIZE)
    await list.columnsButton.click()
    const menu = page.getByRole('group', { name: 'Columns shown, in order' })
    await menu.scrollIntoViewIfNeeded()
    await shootForDocs(page, 'columns-320', false)
  })
})

/**
 * The insights of a long-running catalogue: 2,000 locations and the most episodes the codes allow (99 seasons,
 * 1976–2025), indexed in the browser first (Build the index), desktop and phone.
 */
test.describe('a large catalogue', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })
  let service: LargeCatalogue
  test.beforeAll(async () => {
    const dataset = generateDataset({ locations: 2000, episodes: MAX_EPISODES, seed: 20131202 })
    service = await startLargeCatalogue({ host: '127.0.0.1', port: OWN_PORT }, dataset)
  })
  test.afterAll(async () => {
    await service?.stop()
  })

  for (const [widthName, viewport] of Object.entries(widths)) {
    test(`insights, ${widthName}`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto(`${service.url}/insights`)
      const status = indexStatus(page)
      const build = status.getByRole('button', { name: 'Build the index' })
      const charts = page.getByRole('figure', { name: 'Characters by number of episodes' })
      // A fresh browser first learns the catalogue's size, then offers to build its index.
      await expect(build.or(charts)).toBeVisible(LARGE_INDEXED)
      if (await build.isVisible()) await build.click()
      await expect(charts).toBeVisible({ timeout: 240_000 })
      await shootForDocs(page, `insights-large-${widthName}`, true)
    })
  }
})
