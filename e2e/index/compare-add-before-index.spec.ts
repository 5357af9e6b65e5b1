/**
 * Adding to a comparison on a catalogue too large to be indexed without being asked: before the index, the
 * service's name filter is literal, so the field says that accents must match and offers to build the index.
 */
import { compareView, INDEXED } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_URL } from '../support/large-catalogue'

// The suite's third service (playwright.config.ts): a catalogue too large to be indexed without being asked.
test.use({ baseURL: LARGE_URL })

const NOT_BUILT =
  'Searching names on the service: the catalogue index is not built yet, so accents must match'

test('“zurich” before the index: accents must match, Build the index, then Zürich Nine is found', async ({
  page,
}) => {
  await page.goto('/locations/1,2')
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
