import type { Response } from '@playwright/test'
import { EXPLORER_CONFIG_PATH } from '../../src/catalogue'
import { namesOf, pageOf } from '../support/catalogue'
import { expectListShows, listView, mainNav, titleOf } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { DEMO_KEY } from '../support/servers'

test('a first visit is connected to the embedded catalogue with nothing typed', async ({
  page,
  catalogue,
}) => {
  // The demo key comes from the service at run time; it is not built into any script the browser loads.
  const scripts: Promise<string>[] = []
  const readScript = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text())
  }
  page.on('response', readScript)
  const config = page.waitForResponse((response) => new URL(response.url()).pathname === EXPLORER_CONFIG_PATH)
  await page.goto('/')
  expect(await (await config).json()).toEqual({
    demoKey: DEMO_KEY,
    views: true,
    search: true,
    characters: true,
    insights: true,
    catalogueVersion: expect.any(String),
  })

  const list = listView(page, 'locations')
  await expect(list.heading).toBeVisible()
  await expectListShows(list, {
    count: catalogue.locations.length,
    page: 1,
    names: namesOf(pageOf(catalogue.locations, 1)),
  })
  await expect(page).toHaveTitle(titleOf('Locations'))
  await expect(mainNav(page).link('Locations')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Open the other kinds of page, so their lazily loaded scripts are checked too.
  await list.recordLink(pageOf(catalogue.locations, 1)[0]?.name ?? '').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    pageOf(catalogue.locations, 1)[0]?.name ?? '',
  )
  for (const name of ['Episodes', 'Settings'] as const) {
    await mainNav(page).link(name).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  }
  // Stop reading first: a script still arriving when the test ends would have its body read from a closed page.
  page.off('response', readScript)
  const bodies = await Promise.all(scripts)
  expect(bodies.length).toBeGreaterThan(0)
  expect(bodies.filter((body) => body.includes(DEMO_KEY))).toHaveLength(0)
})

test('the header leads home and the main navigation marks the current page', async ({ page, catalogue }) => {
  await page.goto('/episodes')
  const episodes = listView(page, 'episodes')
  await expectListShows(episodes, {
    count: catalogue.episodes.length,
    page: 1,
    names: namesOf(pageOf(catalogue.episodes, 1)),
  })
  await expect(page).toHaveTitle(titleOf('Episodes'))
  await expect(mainNav(page).link('Episodes')).toHaveAttribute('aria-current', 'page')
  await expect(mainNav(page).link('Locations')).not.toHaveAttribute('aria-current', 'page')

  await page.getByRole('link', { name: 'Catalogue Explorer', exact: true }).click()
  await expect(page).toHaveURL(/\/locations$/)
  await expect(listView(page, 'locations').heading).toBeVisible()
})

test('opening / warns of nothing in the console', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Locations', exact: true })).toBeVisible()
  expect(warnings.filter((text) => text.includes('does not have an element'))).toEqual([])
})
