import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { holdingsOf, matching, nameFillingPages, namesOf, pageOf } from '../support/catalogue'
import { expectListShows, INDEXED, listView, openIndexed } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { urlState } from '../support/url'

// The catalogue index is built in the background once a list is on screen: on a busy machine that takes a while.
test.describe.configure({ timeout: 90_000 })

/** The list's "Views" menu: its disclosure button and what the open panel holds. */
function viewsMenu(page: Page) {
  const button = page.getByRole('button', { name: 'Views', exact: true })
  return {
    button,
    view: (name: string) => page.getByRole('link', { name, exact: true }),
    remove: (name: string) => page.getByRole('button', { name: `Delete view ${name}`, exact: true }),
    name: page.getByRole('textbox', { name: 'Name', exact: true }),
    save: page.getByRole('button', { name: 'Save view', exact: true }),
    message: page.getByRole('status').filter({ hasText: /^View “/ }),
  }
}

test('a named view of a list is kept in the browser: saved, reloaded, opened in another tab, deleted', async ({
  page,
  context,
  catalogue,
}) => {
  const word = nameFillingPages(catalogue.locations)
  const filtered = matching(catalogue.locations, { name: word })
  // Sorted by name as people read it, ties by id (the list's order is by id before).
  const byName = [...filtered].sort((a, b) =>
    a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }),
  )
  const list = listView(page, 'locations')
  // A sort is answered by the catalogue index: the whole (small) catalogue is indexed first.
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto(`/locations?name=${encodeURIComponent(word)}&page=2`)
  await expectListShows(list, { count: filtered.length, page: 2, names: namesOf(pageOf(filtered, 2)) })
  await list.table.getByRole('button', { name: 'Name', exact: true }).click()
  await expectListShows(list, { count: filtered.length, page: 1, names: namesOf(pageOf(byName, 1)) })
  await list.pageNumber(2).click()
  await expectListShows(list, { count: filtered.length, page: 2, names: namesOf(pageOf(byName, 2)) })
  const view = new URL(page.url())
  expect(view.searchParams.get('_sort')).toBe('name')
  view.searchParams.delete('page')

  const menu = viewsMenu(page)
  await expect(menu.button).toHaveAttribute('aria-expanded', 'false')
  await menu.button.click()
  await expect(menu.button).toHaveAttribute('aria-expanded', 'true')
  await menu.name.fill(`Named ${word}`)
  await menu.save.click()
  await expect(menu.message).toHaveText(`View “Named ${word}” saved.`)
  await expectNoAxeViolations(page, 'the open Views menu')
  // The view is the filter and the sort without the page: its link opens the first page.
  await expect(menu.view(`Named ${word}`)).toHaveAttribute('href', `/locations${view.search}`)

  // Escape closes the menu and gives focus back to its button.
  await page.keyboard.press('Escape')
  await expect(menu.button).toHaveAttribute('aria-expanded', 'false')
  await expect(menu.button).toBeFocused()
  await expect(menu.view(`Named ${word}`)).toBeHidden()

  await page.reload()
  await menu.button.click()
  await expect(menu.view(`Named ${word}`)).toBeVisible()

  // Another tab of the same browser opens the whole list, then the view from its menu.
  const tab = await context.newPage()
  await tab.goto('/locations')
  const tabList = listView(tab, 'locations')
  await expect(tabList.summary).toContainText(`of ${catalogue.locations.length} locations`)
  const tabMenu = viewsMenu(tab)
  await tabMenu.button.click()
  await tabMenu.view(`Named ${word}`).click()
  await expectListShows(tabList, { count: filtered.length, page: 1, names: namesOf(pageOf(byName, 1)) })
  expect(urlState(tab)).toEqual({ path: '/locations', query: { name: word, _sort: 'name' } })
  await expect(tabList.field('Name')).toHaveValue(word)

  // Deleted there, it is gone from the first tab's open menu too, and after a reload.
  await tabMenu.button.click()
  await tabMenu.remove(`Named ${word}`).click()
  await expect(tabMenu.message).toHaveText(`View “Named ${word}” deleted.`)
  await expect(tabMenu.view(`Named ${word}`)).toHaveCount(0)
  await expect(menu.view(`Named ${word}`)).toHaveCount(0)
  await page.reload()
  await menu.button.click()
  await expect(page.getByText('None yet: name this view to keep it in this browser.')).toBeVisible()
})

test('the characters list keeps named views too', async ({ page }) => {
  await page.goto('/characters?_sort_desc=episodes&locations__gte=1')
  const table = page.getByRole('table', { name: 'Characters' })
  await expect(table.getByRole('columnheader', { name: 'Episodes' })).toHaveAttribute(
    'aria-sort',
    'descending',
    INDEXED,
  )
  const menu = viewsMenu(page)
  await menu.button.click()
  await menu.name.fill('Residents in most episodes')
  await menu.save.click()
  await expect(menu.view('Residents in most episodes')).toHaveAttribute(
    'href',
    '/characters?_sort_desc=episodes&locations__gte=1',
  )
  await page.goto('/characters')
  await menu.button.click()
  await menu.view('Residents in most episodes').click()
  await expect(table.getByRole('columnheader', { name: 'Episodes' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(page.getByRole('textbox', { name: 'Locations from' })).toHaveValue('1')
})
