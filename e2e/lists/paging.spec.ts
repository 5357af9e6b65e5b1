import { PAGE_SIZE } from '../../src/catalogue'
import { matching, nameFillingPages, namesOf, pageOf, pagesOf } from '../support/catalogue'
import { expectListShows, listView, titleOf } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { urlState } from '../support/url'

test('next, last, a page number and the jump field move through the pages', async ({ page, catalogue }) => {
  const all = catalogue.locations
  const last = pagesOf(all)
  expect(last, 'the dataset spans at least four pages').toBeGreaterThanOrEqual(4)
  const list = listView(page, 'locations')
  const shows = (n: number) =>
    expectListShows(list, { count: all.length, page: n, names: namesOf(pageOf(all, n)) })

  await page.goto('/locations')
  await shows(1)
  await expect(list.pageControl('First page')).toBeDisabled()
  await expect(list.pageControl('Previous page')).toBeDisabled()

  await list.pageControl('Next page').click()
  await shows(2)
  expect(urlState(page).query).toEqual({ page: '2' })
  await expect(page).toHaveTitle(titleOf('Locations, page 2'))
  await expect(list.pageNumber(1)).not.toHaveAttribute('aria-current', 'page')

  await list.pageControl('Last page').click()
  await shows(last)
  expect(urlState(page).query).toEqual({ page: String(last) })
  await expect(list.pageControl('Next page')).toBeDisabled()
  await expect(list.pageControl('Last page')).toBeDisabled()
  // The button used is disabled now: focus stays in the pager, on the current page.
  await expect(list.pageNumber(last)).toBeFocused()

  await list.pageControl('Previous page').click()
  await shows(last - 1)

  await list.pageControl('First page').click()
  await shows(1)

  await list.pageNumber(3).click()
  await shows(3)
  expect(urlState(page).query).toEqual({ page: '3' })

  await list.jumpField.fill(String(last - 1))
  await list.jumpButton.click()
  await shows(last - 1)
  expect(urlState(page).query).toEqual({ page: String(last - 1) })

  // The jump field answers Enter as well, and a number past the end goes to the last page.
  await list.jumpField.fill('2')
  await list.jumpField.press('Enter')
  await shows(2)
  await list.jumpField.fill('99999')
  await list.jumpField.press('Enter')
  await shows(last)
})

test('paging a filtered list keeps the filters', async ({ page, catalogue }) => {
  const name = nameFillingPages(catalogue.locations)
  const ofName = matching(catalogue.locations, { name })
  const last = pagesOf(ofName)
  const list = listView(page, 'locations')

  await page.goto(`/locations?name=${encodeURIComponent(name)}`)
  await expectListShows(list, { count: ofName.length, page: 1, names: namesOf(pageOf(ofName, 1)) })
  await list.pageControl('Last page').click()
  await expectListShows(list, { count: ofName.length, page: last, names: namesOf(pageOf(ofName, last)) })
  expect(urlState(page).query).toEqual({ name, page: String(last) })
  await expect(list.field('Name')).toHaveValue(name)
})

test('episodes page through the same way', async ({ page, catalogue }) => {
  const all = catalogue.episodes
  const list = listView(page, 'episodes')
  await page.goto('/episodes')
  await expectListShows(list, { count: all.length, page: 1, names: namesOf(pageOf(all, 1)) })
  await list.pageControl('Next page').click()
  await expectListShows(list, { count: all.length, page: 2, names: namesOf(pageOf(all, 2)) })
  await expect(page).toHaveTitle(titleOf('Episodes, page 2'))
})

// One refusal in the browser; the unit test of the pager (Pagination.test.tsx) refuses "-2" and "" too.
test('go to page refuses "abc", keeps it, and says what it accepts', async ({ page }) => {
  const list = listView(page, 'locations')
  await page.goto('/locations')
  await expect(list.rows).toHaveCount(PAGE_SIZE)
  await list.jumpField.fill('abc')
  await list.jumpButton.click()
  await expect(list.jumpField).toHaveAttribute('aria-invalid', 'true')
  await expect(list.jumpField).toHaveAccessibleDescription('Enter a whole number from 1 to 7.')
  await expect(list.pagination.getByRole('status')).toHaveText('Enter a whole number from 1 to 7.')
  await expect(list.jumpField).toHaveValue('abc')
  expect(urlState(page).query).toEqual({})
})

test('going to page 99 of a shorter list says it went to the last page', async ({ page, catalogue }) => {
  const list = listView(page, 'locations')
  const pages = pagesOf(catalogue.locations)
  await page.goto('/locations')
  await list.jumpField.fill('99')
  await list.jumpButton.click()
  await expect(list.pageNumber(pages)).toHaveAttribute('aria-current', 'page')
  await expect(list.pagination.getByRole('status')).toHaveText(
    `There is no page 99: this list has ${pages} pages, so this is the last.`,
  )
})

test('page links open in a new tab, and the current page is marked', async ({ page, context, catalogue }) => {
  const list = listView(page, 'locations')
  await page.goto('/locations?page=2')
  await expect(list.pageNumber(2)).toHaveAttribute('aria-current', 'page')
  const third = list.pagination.getByRole('link', { name: 'Page 3', exact: true })
  await expect(third).toHaveAttribute('href', '/locations?page=3')

  const opened = context.waitForEvent('page')
  await third.click({ button: 'middle' })
  const tab = await opened
  await expectListShows(listView(tab, 'locations'), {
    count: catalogue.locations.length,
    page: 3,
    names: namesOf(pageOf(catalogue.locations, 3)),
  })
  // The first tab stayed where it was.
  expect(urlState(page).query).toEqual({ page: '2' })
})
