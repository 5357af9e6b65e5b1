/**
 * Adding to a comparison on a catalogue too large to be indexed without being asked: before the index, a
 * service that searches its catalogue (contract §13) answers as the index would, accents and typos aside; one
 * that does not has only its name filter, which is literal, so the field says that accents must match and
 * offers to build the index.
 */
import { compareView, INDEXED } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_NO_VIEWS_URL, LARGE_URL } from '../support/large-catalogue'

const NOT_BUILT =
  'Searching names on the service: the catalogue index is not built yet, so accents must match'
const ON_SERVICE = 'Searching the whole catalogue on its service.'

test('“zurich” before the index, on a service that searches: Zürich Nine is found at once, in the palette too', async ({
  page,
}) => {
  await page.goto(`${LARGE_URL}/locations/1,2`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(2)
  const add = page.getByRole('region', { name: 'Add a location' })
  await page.getByRole('searchbox', { name: 'Search locations to add' }).fill('zurich')
  await expect(add.getByRole('button', { name: 'Add Zürich Nine' })).toBeVisible()
  await expect(add).not.toContainText(NOT_BUILT)

  await page.keyboard.press('Control+K')
  const palette = page.getByRole('dialog', { name: 'Search the catalogue' })
  await palette.getByRole('combobox', { name: 'Search' }).fill('zurich')
  await expect(palette).toContainText(ON_SERVICE)
  await expect(palette.getByRole('option').first()).toContainText('Zürich Nine')
  await page.keyboard.press('Escape')

  await add.getByRole('button', { name: 'Add Zürich Nine' }).click()
  await expect(compared.columns).toHaveCount(3)
})

test('“zurich” before the index, on a service without search: accents must match, Build the index, then Zürich Nine is found', async ({
  page,
}) => {
  await page.goto(`${LARGE_NO_VIEWS_URL}/locations/1,2`)
  const compared = compareView(page, 'locations')
  await expect(compared.columns).toHaveCount(2)
  const field = page.getByRole('searchbox', { name: 'Search locations to add' })
  await field.fill('zurich')
  const add = page.getByRole('region', { name: 'Add a location' })
  await expect(add).toContainText(NOT_BUILT)
  await expect(add).not.toContainText('No other locations match')

  // The palette says it in the same words.
  await page.keyboard.press('Control+K')
  const palette = page.getByRole('dialog', { name: 'Search the catalogue' })
  await palette.getByRole('combobox', { name: 'Search' }).fill('zurich')
  await expect(palette).toContainText(NOT_BUILT)
  await page.keyboard.press('Escape')

  await add.getByRole('button', { name: 'Build the index' }).click()
  await expect(add.getByRole('button', { name: 'Add Zürich Nine' })).toBeVisible(INDEXED)
  await expect(add).not.toContainText('No other locations match')
})
