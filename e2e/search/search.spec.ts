import type { Page } from '@playwright/test'
import { COLLECTIONS } from '../../src/catalogue'
import { expectNoAxeViolations } from '../support/axe'
import { holdingsOf } from '../support/catalogue'
import {
  INDEXED,
  idlePrefetchesDone,
  indexStatus,
  listView,
  openIndexed,
  savingData,
} from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { freezePageClock, pauseTyping, typeAtPace } from '../support/page-clock'
import { NO_VIEWS_URL } from '../support/servers'

// The index of the shipped catalogue is built in the background once a list is on screen: on a busy machine
// that takes a while.
test.describe.configure({ timeout: 90_000 })

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search the catalogue' })
const field = (page: Page) => palette(page).getByRole('combobox', { name: 'Search' })
const results = (page: Page) => palette(page).getByRole('listbox', { name: 'Results' })
const option = (page: Page, name: string | RegExp) => results(page).getByRole('option', { name })

/** The option the combobox points at (aria-activedescendant). */
async function activeOption(page: Page): Promise<string> {
  const id = await field(page).getAttribute('aria-activedescendant')
  if (!id) return ''
  return (await page.locator(`[id="${id}"]`).textContent()) ?? ''
}

test.describe('the search palette', () => {
  test.beforeEach(async ({ page, catalogue }) => {
    await openIndexed(page, holdingsOf(catalogue))
  })

  test('works by keyboard alone: Ctrl+K and /, type, arrows, Enter opens the record; Escape gives focus back', async ({
    page,
    catalogue,
  }) => {
    const zurich = catalogue.locations.find((record) => record.name === 'Zürich Nine')
    if (!zurich) throw new Error('the shipped dataset has "Zürich Nine"')

    // Focus on the Search button's neighbour: the last main navigation link.
    const settingsLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
    await settingsLink.focus()
    await page.keyboard.press('Control+K')
    await expect(field(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(palette(page)).toBeHidden()
    await expect(settingsLink).toBeFocused()

    await page.keyboard.press('/')
    await expect(field(page)).toBeFocused()
    // The slash opened the palette; it is not typed into the field.
    await expect(field(page)).toHaveValue('')
    // Arrows move the active option; Up from the first wraps to the last. "cafe" finds several records.
    await page.keyboard.type('cafe')
    await expect(results(page)).toHaveAttribute('aria-busy', 'false')
    const options = results(page).getByRole('option')
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(2)
    const names = await options.allTextContents()
    const [first, second, last] = [names[0], names[1], names.at(-1)]
    if (!first || !second || !last) throw new Error(`at least two options, got ${names.length}`)
    await expect.poll(() => activeOption(page)).toBe(first)
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => activeOption(page)).toBe(second)
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => activeOption(page)).toBe(first)
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => activeOption(page)).toBe(last)
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => activeOption(page)).toBe(first)

    // New text: the first result is active again, and Enter opens it.
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('zurich')
    await expect(option(page, /Zürich Nine/)).toBeVisible()
    await expect(palette(page).getByRole('status')).toHaveText(/^\d+ results?\.$/)
    await expect.poll(() => activeOption(page)).toContain('Zürich Nine')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/locations/${zurich.id}$`))
    await expect(palette(page)).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Zürich Nine' })).toBeVisible()
  })

  test('what is typed at once after Ctrl+K lands in the field, not lost while the palette opens', async ({
    page,
  }) => {
    // The palette's code comes with the other pages' once the list is on screen, before any open.
    await idlePrefetchesDone(page)
    await page.keyboard.press('Control+K')
    await page.keyboard.type('cafe muller')
    await expect(field(page)).toHaveValue('cafe muller')
    await expect(option(page, /^Café Müller/)).toBeVisible()
  })

  test('finds records in spite of accents, case and a typo, and episodes by code shorthand', async ({
    page,
    catalogue,
  }) => {
    await page.getByRole('button', { name: 'Search' }).click()
    await field(page).fill('cafe muller')
    await expect(option(page, /^Café Müller/)).toBeVisible()

    await field(page).fill('glorbo prme')
    await expect(results(page).getByRole('option').first()).toContainText('GLORBO PRIME')

    const episode = catalogue.episodes.find((record) => record.episode === 'S02E03')
    if (!episode) throw new Error('the shipped dataset has S02E03')
    await field(page).fill('s2e3')
    await expect(results(page).getByRole('option')).toHaveCount(1)
    await expect(results(page).getByRole('option')).toContainText(episode.name)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/episodes/${episode.id}$`))
  })

  test('groups results, and offers a character the catalogue lists', async ({ page, catalogue }) => {
    const id = catalogue.locations.flatMap((record) => record.residents)[0]
    const number = Number(String(id).split('/').filter(Boolean).at(-1))
    await page.keyboard.press('Control+K')
    await field(page).fill(`#${number}`)
    const characters = results(page).getByRole('group', { name: 'Characters' })
    await expect(characters.getByRole('option', { name: `Character #${number}` })).toBeVisible()

    await field(page).fill('cafe')
    await expect(results(page).getByRole('group', { name: /^Locations/ })).toBeVisible()
    await expect(results(page).getByRole('group', { name: /^Episodes/ })).toBeVisible()
    await expect(results(page).getByRole('group', { name: /^Episodes/ })).toContainText('A Café for Two')
  })

  test('has no axe violation when open with results, in light and dark', async ({ page }) => {
    await page.keyboard.press('Control+K')
    await field(page).fill('cafe')
    await expect(option(page, /^Café Müller/)).toBeVisible()
    await expectNoAxeViolations(page, 'the open search palette')
  })
})

test('with single-key shortcuts off, / is just a slash; Ctrl+K still opens the search', async ({ page }) => {
  await page.goto('/settings')
  const search = page.getByRole('button', { name: 'Search' })
  await expect(search).toHaveAttribute('aria-keyshortcuts', /\/$/)
  // On by default: / in a text field is a slash there too.
  const address = page.getByLabel('Service address')
  await address.fill('')
  await address.press('/')
  await expect(address).toHaveValue('/')
  await expect(palette(page)).toBeHidden()
  await address.fill('')

  const shortcuts = page.getByRole('checkbox', { name: 'Single-key shortcuts' })
  await expect(shortcuts).toBeChecked()
  await shortcuts.uncheck()
  await expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K')
  // Kept in this browser: a reload still has it off.
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Single-key shortcuts' })).not.toBeChecked()

  // Ctrl+K still opens (and loads) the palette; once it is closed, / opens nothing.
  await page.getByRole('heading', { level: 1, name: 'Settings' }).click()
  await page.keyboard.press('Control+K')
  await expect(field(page)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
  await page.keyboard.press('/')
  // The palette's code is loaded, so a palette opened by the key would be there after the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
  await expect(palette(page)).toBeHidden()
})

test('in a fresh browser on this site’s service, with no click, the palette finds Café Müller first and an episode by its code', async ({
  page,
  catalogue,
}) => {
  await page.goto('/locations')
  await expect(listView(page, 'locations').rows.first()).toBeVisible()
  // The page may still be hydrating, as when a person presses the keys the moment the list shows: again if so.
  await expect(async () => {
    await page.keyboard.press('Control+K')
    await expect(field(page)).toBeVisible({ timeout: 1000 })
  }).toPass()
  await field(page).fill('cafe')
  // The small catalogue is indexed unasked once the list is idle; the open palette asks again when it is.
  await expect(results(page).getByRole('option').first()).toHaveText(/^Café Müller/, INDEXED)

  const episode = catalogue.episodes.find((record) => record.episode === 'S02E03')
  if (!episode) throw new Error('the shipped dataset has S02E03')
  await field(page).fill('s2e3')
  await expect(results(page).getByRole('option')).toHaveCount(1)
  await expect(results(page).getByRole('option')).toContainText(episode.name)
  await expect(indexStatus(page).getByRole('button', { name: 'Build the index' })).toHaveCount(0)
})

/** Every API request of the page, as `path?query`. */
function apiRequests(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/v1/')) asked.push(`${url.pathname}?${url.searchParams}`)
  })
  return asked
}

test('before the catalogue is indexed, the palette asks the service’s search of the whole catalogue and says so', async ({
  page,
}) => {
  const asked = apiRequests(page)
  // The reader saves data, so neither this page nor the palette starts indexing this fresh browser.
  await savingData(page)
  await page.clock.install()
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.keyboard.press('Control+K')
  await freezePageClock(page)
  // No accent, one letter off: the service folds and forgives as the index does (contract §13).
  await typeAtPace(page, field(page), 'cafe mulle')
  await expect(field(page)).toHaveValue('cafe mulle')
  const searched = () => asked.filter((path) => path.startsWith('/v1/search?'))
  expect(searched(), 'requests while typing').toEqual([])
  await pauseTyping(page)
  await expect(results(page).getByRole('option').first()).toContainText('Café Müller')
  await expect(palette(page)).toContainText('Searching the whole catalogue on its service.')
  expect(searched()).toEqual(['/v1/search?q=cafe+mulle&limit=8'])
  expect(
    asked.filter((path) => path.includes('name=')),
    'no name filter asked',
  ).toEqual([])

  await field(page).fill('')
  await typeAtPace(page, field(page), 's2e3')
  await pauseTyping(page)
  await expect(results(page).getByRole('option')).toHaveCount(1)
  await expect(results(page).getByRole('option')).toContainText('S02E03')
})

test('a service that does not search its catalogue: before the index, the palette searches names on it and says so', async ({
  page,
}) => {
  const asked = apiRequests(page)
  // The reader saves data, so neither this page nor the palette starts indexing this fresh browser.
  await savingData(page)
  await page.clock.install()
  await page.goto(`${NO_VIEWS_URL}/settings`)
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.keyboard.press('Control+K')
  await expect(palette(page)).toContainText('Searching names on the service')
  await expect(palette(page)).toContainText('the catalogue index is not built yet')
  // Debounced: typed at a fast typist's pace on the page's clock (so no key comes late, however busy the
  // machine), then a pause: one request per list for the text typed, none for its beginnings.
  await freezePageClock(page)
  await typeAtPace(page, field(page), 'café')
  await expect(field(page)).toHaveValue('café')
  const named = () => asked.filter((path) => path.includes('name='))
  expect(named(), 'requests while typing').toEqual([])
  await pauseTyping(page)
  // The service's name filter is the contract's: case-insensitive, accents as written.
  await expect(option(page, /^Café Müller/)).toBeVisible()
  await expect(results(page).getByRole('group', { name: /^Episodes/ })).toContainText('A Café for Two')
  expect(named().sort()).toEqual(COLLECTIONS.map(({ listPath }) => `${listPath}?name=caf%C3%A9`).sort())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/locations\/\d+$/)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('the header is one row: brand, Menu and Search; the menu opens the sections and closes on navigation', async ({
    page,
  }) => {
    await page.goto('/locations')
    const header = page.getByRole('banner')
    const menu = header.getByRole('button', { name: 'Menu' })
    const search = header.getByRole('button', { name: 'Search' })
    const brand = header.getByRole('link', { name: 'Catalogue Explorer' })
    for (const element of [brand, menu, search]) await expect(element).toBeVisible()
    const boxes = await Promise.all([brand, menu, search].map((element) => element.boundingBox()))
    const [first, ...others] = boxes.map((box) => {
      if (!box) throw new Error('not on screen')
      return box
    })
    for (const box of others) {
      // Same row: each overlaps the brand's vertical extent.
      expect(box.y).toBeLessThan((first?.y ?? 0) + (first?.height ?? 0))
      expect(box.y + box.height).toBeGreaterThan(first?.y ?? 0)
    }
    const headerBox = await header.boundingBox()
    expect(headerBox?.height).toBeLessThan(64)
    // All of it on screen: nothing pushed past the right edge.
    for (const box of boxes) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375)

    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Episodes' })).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await nav.getByRole('link', { name: 'Episodes' }).click()
    await expect(page).toHaveURL(/\/episodes$/)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Locations' })).toBeHidden()

    await search.click()
    await expect(field(page)).toBeFocused()
  })
})
