/**
 * The list's controls behave alike and say what they do: ranges apply as the "contains" fields do and show
 * what is applied, Clear filters means one thing, the facets take no empty room, and the form says how its
 * filters read letters.
 */
import { holdingsOf, namesOf, pageOf } from '../support/catalogue'
import { expectListShows, listView, openIndexed } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL } from '../support/large-catalogue'

test.describe.configure({ timeout: 90_000 })

test('a range applies as you type, as the “contains” fields do', async ({ page, catalogue }) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/locations')
  const list = listView(page, 'locations')
  await list.rangeEnd('Residents', 'from').pressSequentially('6')
  // No Enter, no leaving the field.
  await expect(page).toHaveURL(/residents__gte=6/)
  const many = catalogue.locations.filter((location) => location.residents.length >= 6)
  await expectListShows(list, { count: many.length, page: 1, names: namesOf(pageOf(many, 1)) })
  await expect(list.rangeEnd('Residents', 'from')).toBeFocused()
})

test('an unreadable end is not applied, and the range says what the list still shows', async ({
  page,
  catalogue,
}) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/locations?residents__gte=3&residents__lte=5')
  const list = listView(page, 'locations')
  const from = list.rangeEnd('Residents', 'from')
  await expect(from).toHaveValue('3')
  await from.fill('abc')
  await from.press('Enter')
  await expect(from).toHaveAttribute('aria-invalid', 'true')
  const residents = list.form.getByRole('group', { name: 'Residents' })
  await expect(residents).toContainText(
    '“abc” is not a whole number, so it is not applied: the list shows Residents from 3 to 5.',
  )
  await expect(page).toHaveURL(/residents__gte=3&residents__lte=5/)
})

test('a range whose start is after its end says so, on the field and in the empty list', async ({
  page,
  catalogue,
}) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/locations?residents__gte=5&residents__lte=3')
  const list = listView(page, 'locations')
  await expect(list.emptyHeading).toBeVisible()
  const reason = 'Residents from 5 to 3 holds nothing: its start is after its end.'
  await expect(page.getByRole('main')).toContainText(reason)
  await expect(list.form.getByRole('group', { name: 'Residents' })).toContainText(reason)
  await expect(page.getByText(/Check the spelling/)).toHaveCount(0)
})

test('the form’s Clear filters clears what the empty state’s does: filters, facets and ranges', async ({
  page,
  catalogue,
}) => {
  await openIndexed(page, holdingsOf(catalogue))
  const list = listView(page, 'locations')
  // Only a facet value and a range chosen: nothing typed.
  await page.goto('/locations?type__exact=Planet&residents__gte=1')
  await expect(list.facetValue('Type', 'Planet')).toBeChecked()
  await expect(list.clearFilters).toBeEnabled()
  await list.clearFilters.click()
  await expect(page).toHaveURL(/\/locations$/)
  await expect(list.chosen).toHaveCount(0)
  await expect(list.form.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await expect(list.rangeEnd('Residents', 'from')).toHaveValue('')
  await expect(list.clearFilters).toBeDisabled()
  await expect(list.summary).toContainText(`of ${catalogue.locations.length} locations`)

  // The sort and the columns are not filters: both buttons keep them.
  await page.goto('/locations?name=qqzx&type__exact=Planet&_sort=name')
  await expect(list.emptyHeading).toBeVisible()
  await list.emptyStateClear.click()
  await expect(page).toHaveURL(/\/locations\?_sort=name$/)
})

test('the facets take no empty room: before the index of a large catalogue, and with no match', async ({
  page,
  catalogue,
}) => {
  await page.goto(`${LARGE_NO_VIEWS_URL}/locations`)
  const large = listView(page, 'locations')
  await expect(large.rows.first()).toBeVisible()
  const note = large.form.getByText(/^Facets \(type, dimension\) are counted from the catalogue index/)
  await expect(note).toContainText('Build the index')
  await expect(large.facet('Type')).toHaveCount(0)

  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/locations?name=qqzx')
  const list = listView(page, 'locations')
  await expect(list.emptyHeading).toBeVisible()
  const type = list.facet('Type')
  await expect(type).toContainText('No type among these results.')
  expect((await type.boundingBox())?.height).toBeLessThan(80)
})

test('an expanded facet’s Show fewer is at its own list’s top', async ({ page, catalogue }) => {
  await openIndexed(page, holdingsOf(catalogue))
  await page.goto('/locations')
  const list = listView(page, 'locations')
  const dimension = list.facet('Dimension')
  await dimension.getByRole('button', { name: /^Show all/ }).click()
  const fewer = dimension.getByRole('button', { name: 'Show fewer' })
  const first = dimension.getByRole('checkbox').first()
  expect((await fewer.boundingBox())?.y).toBeLessThan((await first.boundingBox())?.y ?? 0)
  await fewer.click()
  await expect(dimension.getByRole('button', { name: /^Show all/ })).toBeFocused()
})

test('the filters say that they match letters exactly, and that the search ignores accents', async ({
  page,
}) => {
  await page.goto('/locations?name=MULLER')
  const list = listView(page, 'locations')
  await expect(list.emptyHeading).toBeVisible()
  await expect(list.form).toContainText(
    'Filters ignore case, not accents: “muller” does not find “Müller”. The search (Ctrl+K) ignores both.',
  )
})
