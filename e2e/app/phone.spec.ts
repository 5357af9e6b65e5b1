import type { Page } from '@playwright/test'
import { PAGE_SIZE } from '../../src/catalogue'
import { holdingsOf, matching, nameFillingPages, namesOf, pageOf } from '../support/catalogue'
import {
  compareView,
  expectListShows,
  indexStatus,
  listView,
  openIndexed,
  scrollsSideways,
} from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { foldedValues } from '../support/folded-values'
import { LARGE_URL } from '../support/large-catalogue'

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true })

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

test('no page scrolls sideways at 375 px', async ({ page, catalogue }) => {
  const location = [...catalogue.locations].sort((a, b) => b.name.length - a.name.length)[0]
  const episode = [...catalogue.episodes].sort((a, b) => b.name.length - a.name.length)[0]
  if (!location || !episode) throw new Error('empty catalogue')
  const compared = pageOf(catalogue.locations, 1)
    .slice(0, 3)
    .map((record) => record.id)

  const pages: { path: string; ready: () => Promise<void> }[] = [
    { path: '/locations', ready: () => expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE) },
    { path: '/episodes', ready: () => expect(listView(page, 'episodes').rows).toHaveCount(PAGE_SIZE) },
    {
      path: '/locations?name=no%20such%20place%20qqzx',
      ready: () => expect(listView(page, 'locations').emptyHeading).toBeVisible(),
    },
    { path: `/locations/${location.id}`, ready: () => expect(h1(page, location.name)).toBeVisible() },
    { path: `/episodes/${episode.id}`, ready: () => expect(h1(page, episode.name)).toBeVisible() },
    {
      path: `/locations/${compared.join(',')}`,
      ready: () => expect(compareView(page, 'locations').columns).toHaveCount(compared.length),
    },
    { path: '/locations/999999', ready: () => expect(h1(page, 'Location not found')).toBeVisible() },
    { path: '/settings', ready: () => expect(h1(page, 'Settings')).toBeVisible() },
  ]
  const wide: string[] = []
  for (const { path, ready } of pages) {
    await page.goto(path)
    await ready()
    if (await scrollsSideways(page)) wide.push(path)
  }
  expect(wide, 'pages wider than the screen').toEqual([])
})

test('the compare bar takes one row under the export buttons, with no empty band above it', async ({
  page,
}) => {
  const list = listView(page, 'locations')
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  const exportJson = page.getByRole('button', { name: /^Export JSON/ })
  const bar = page.getByRole('group', { name: 'Ticked rows' })
  const [exported, compare, group] = await Promise.all(
    [exportJson, list.compareButton, bar].map(
      async (element) => (await element.boundingBox()) ?? { y: 0, height: 0 },
    ),
  )
  // The bar is as tall as its button (Clear selection's room kept beside it, not on a row of its own),
  expect(group?.height).toBeLessThanOrEqual((compare?.height ?? 0) + 1)
  // and follows the export buttons at the toolbar's gap.
  expect((compare?.y ?? 0) - ((exported?.y ?? 0) + (exported?.height ?? 0))).toBeLessThanOrEqual(16)
  await list.table.getByRole('checkbox').first().check()
  await expect(page.getByRole('button', { name: 'Clear selection' })).toBeVisible()
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual((compare?.height ?? 0) + 1)
})

test('filtering, paging, a record and a comparison work on a phone', async ({ page, catalogue }) => {
  const name = nameFillingPages(catalogue.locations)
  const ofName = matching(catalogue.locations, { name })
  const list = listView(page, 'locations')

  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  // Phones fold the filters behind a toggle.
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await list.field('Name').fill(name)
  await expectListShows(list, { count: ofName.length, page: 1, names: namesOf(pageOf(ofName, 1)) })
  await list.pageControl('Next page').click()
  const onPage2 = pageOf(ofName, 2)
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(onPage2) })
  expect(await scrollsSideways(page)).toBe(false)

  const [a, b] = onPage2
  if (!a || !b) throw new Error('page 2 has fewer than two records')
  await list.recordLink(a.name).click()
  await expect(h1(page, a.name)).toBeVisible()
  await page.getByRole('link', { name: 'Back to locations' }).click()
  await expectListShows(list, { count: ofName.length, page: 2, names: namesOf(onPage2) })

  await list.select(a.name).check()
  await list.select(b.name).check()
  await list.compareButton.click()
  const compared = compareView(page, 'locations')
  await expect(compared.recordLink(b.name)).toBeVisible()
  // The table scrolls sideways in its own region; the field names stay in view as it does.
  const typeHeader = compared.row('Type').getByRole('rowheader')
  const before = await typeHeader.boundingBox()
  await page.getByRole('region', { name: 'Compare locations, side by side' }).evaluate((region) => {
    region.scrollLeft = region.scrollWidth
  })
  await expect(compared.recordLink(b.name)).toBeInViewport()
  expect((await typeHeader.boundingBox())?.x).toBe(before?.x)
  await expect(typeHeader).toBeInViewport()
  expect(await scrollsSideways(page)).toBe(false)
})

test('a row’s values folded under its name never leave a dot at the end or the start of a line', async ({
  page,
}) => {
  const list = listView(page, 'locations')
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  const values = await foldedValues(list)
  // Some row's values take two lines at 375 px ("Resort", then "Dimension C-500"), or this proves nothing.
  expect(values.filter((value) => value.wrapped).length).toBeGreaterThan(0)
  expect(values.filter((value) => value.dotAtEnd || value.dotAtStart || value.cut)).toEqual([])
})

test('Clear filters in an empty result leaves focus on the folded filters’ toggle', async ({ page }) => {
  const list = listView(page, 'locations')
  await page.goto('/locations?name=no%20such%20place%20qqzx')
  await expect(list.emptyHeading).toBeVisible()
  // The fields are folded away on a phone: the empty result's own button is the one to press.
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/locations$/)
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused()
})

test('the catalogue index’s status comes in the tab order where it is seen: after the list and its pager', async ({
  page,
}) => {
  await page.goto(`${LARGE_URL}/locations`)
  const list = listView(page, 'locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  // A catalogue too large to be indexed unasked: its status offers to build the index.
  const build = indexStatus(page).getByRole('button', { name: 'Build the index' })
  await expect(build).toBeVisible({ timeout: 30_000 })
  await list.jumpButton.focus()
  await page.keyboard.press('Tab')
  await expect(build).toBeFocused()
})

test('the open menu closes on Escape, with focus back on Menu, and on a tap outside it', async ({ page }) => {
  await page.goto('/locations')
  await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
  const episodes = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Episodes' })

  await menu.click()
  await expect(episodes).toBeVisible()
  await episodes.focus()
  await page.keyboard.press('Escape')
  await expect(episodes).toBeHidden()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeFocused()

  await menu.click()
  await expect(episodes).toBeVisible()
  // The open menu lies over the top of the page: a tap lower down, on text that leads nowhere.
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByText(/^of \d+$/)
    .tap()
  await expect(episodes).toBeHidden()
  await expect(page).toHaveURL(/\/locations$/)
})

test.describe('at 320 px, the width WCAG 1.4.10 asks content to reflow to', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('a facet’s long value is read whole: it wraps, never cut short', async ({ page }) => {
    const list = listView(page, 'locations')
    // A chosen value stays listed in its facet, however few records have it.
    const value = 'Post-Apocalyptic Dimension'
    await page.goto(`/locations?dimension__exact=${encodeURIComponent(value)}`)
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).click()
    await expect(list.facetValue('Dimension', value)).toBeChecked()
    const words = list.facet('Dimension').getByText(value, { exact: true })
    await expect(words).toBeVisible()
    expect(await words.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true)
  })

  test('the header keeps Menu and Search on screen; a list and a comparison of characters do not scroll sideways', async ({
    page,
    catalogue,
  }) => {
    test.setTimeout(90_000)
    await openIndexed(page, holdingsOf(catalogue))
    await expect(listView(page, 'locations').rows).toHaveCount(PAGE_SIZE)
    const header = page.getByRole('banner')
    for (const name of ['Menu', 'Search']) {
      const box = await header.getByRole('button', { name }).boundingBox()
      expect(box, name).not.toBeNull()
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(320)
    }
    expect(await scrollsSideways(page)).toBe(false)

    // Its table scrolls inside its own region; the text only screen readers get must not widen the page.
    await page.goto('/characters/1,2')
    await expect(compareView(page, 'characters').columns).toHaveCount(2)
    expect(await scrollsSideways(page)).toBe(false)
  })
})

for (const width of [320, 375]) {
  test(`at ${width} px the Columns menu opens whole on screen, every tick box and move within reach`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 })
    const list = listView(page, 'locations')
    await page.goto('/locations')
    await expect(list.rows).toHaveCount(PAGE_SIZE)
    await list.columnsButton.click()
    const menu = page.getByRole('group', { name: 'Columns shown, in order' })
    await expect(menu).toBeVisible()
    const controls = [
      ...(await menu.getByRole('checkbox').all()),
      ...(await menu.getByRole('button').all()),
      menu,
    ]
    expect(controls.length).toBeGreaterThan(6)
    const outside: string[] = []
    for (const control of controls) {
      const box = await control.boundingBox()
      const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? ''
      if (!box || box.x < 0 || box.x + box.width > width) outside.push(`${name.slice(0, 30)}: x=${box?.x}`)
    }
    expect(outside, 'controls outside the screen').toEqual([])
    expect(await scrollsSideways(page)).toBe(false)
  })
}

test('the first row shows without scrolling; the filters fold behind a toggle that counts them', async ({
  page,
  catalogue,
}) => {
  const list = listView(page, 'locations')
  const name = nameFillingPages(catalogue.locations)
  const type = matching(catalogue.locations, { name }).find((record) => record.type.length >= 3)?.type ?? ''
  const found = matching(catalogue.locations, { name, type })
  await page.goto(`/locations?name=${encodeURIComponent(name)}&type=${encodeURIComponent(type)}`)
  await expectListShows(list, { count: found.length, page: 1, names: namesOf(pageOf(found, 1)) })
  await expect(list.rows.first()).toBeInViewport({ ratio: 1 })

  const toggle = page.getByRole('button', { name: 'Filters (2)', exact: true })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(list.field('Name')).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(list.field('Name')).toHaveValue(name)
  await list.field('Name').fill('')
  await expect(page.getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible()
})

test('every control in the main content is at least 24 by 24 px', async ({ page, catalogue }) => {
  const [a, b] = catalogue.locations
  if (!a || !b) throw new Error('empty catalogue')
  const small: string[] = []
  for (const path of ['/locations', `/locations/${a.id}`, `/locations/${a.id},${b.id}`, '/settings']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('progressbar')).toHaveCount(0)
    small.push(
      ...(await page.evaluate((at) => {
        const controls = document.querySelectorAll<HTMLElement>(
          'main a[href], main button, main input, main select, main [role="link"]',
        )
        return [...controls].flatMap((control) => {
          const box = control.getBoundingClientRect()
          const shown = box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden'
          const label = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName
          return shown && (box.width < 24 || box.height < 24)
            ? [`${at}: ${label} (${Math.round(box.width)}×${Math.round(box.height)})`]
            : []
        })
      }, path)),
    )
  }
  expect(small, 'controls smaller than 24×24 px').toEqual([])
})
