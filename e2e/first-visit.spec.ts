import { namesOf, pageOf } from './support/catalogue'
import { expectListShows, listView, mainNav, titleOf } from './support/explorer'
import { expect, test } from './support/fixtures'

test('a first visit is connected to the embedded catalogue with nothing typed', async ({
  page,
  catalogue,
}) => {
  await page.goto('/')

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
