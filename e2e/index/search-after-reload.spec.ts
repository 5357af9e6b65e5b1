/**
 * After a reload, the index worker reads its search back from the index's database (or derives it) while the
 * palette is already open: whatever it answers first, it never says "Nothing matches" for a name that exists.
 * On the suite's catalogue too large to be indexed without being asked, so that the index is built by the
 * reader, as on a large catalogue.
 */

import { indexStatus } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { LARGE_URL } from '../support/large-catalogue'

test.use({ baseURL: LARGE_URL })
test.describe.configure({ timeout: 120_000 })

/** Records, in the page, every "Nothing matches" the palette shows, however briefly. */
function watchNothingMatches() {
  const said: string[] = []
  Object.assign(window, { __nothingMatches: said })
  new MutationObserver(() => {
    const empty = document.querySelector('.search-palette-empty')?.textContent ?? ''
    if (empty.startsWith('Nothing matches')) said.push(empty)
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

test('after building the index and reloading, the palette’s first answer to “cafe muller” is never “Nothing matches”', async ({
  page,
}) => {
  await page.addInitScript(watchNothingMatches)
  await page.goto('/locations')
  const status = indexStatus(page)
  await status.getByRole('button', { name: 'Build the index' }).click()
  await expect(status).toContainText(/Catalogue index: .* · updated/, { timeout: 90_000 })

  for (const visit of ['the first reload', 'a second reload, from what the worker kept']) {
    await test.step(visit, async () => {
      await page.reload()
      const palette = page.getByRole('dialog', { name: 'Search the catalogue' })
      // The shortcut works once the page's script runs: pressed until the palette opens.
      await expect(async () => {
        if (!(await palette.isVisible())) await page.keyboard.press('Control+K')
        await expect(palette).toBeVisible({ timeout: 1000 })
      }).toPass()
      await palette.getByRole('combobox', { name: 'Search' }).fill('cafe muller')
      await expect(palette.getByRole('option', { name: /^Café Müller/ }).first()).toBeVisible()
      await expect(palette).toContainText('Searching the whole catalogue in this browser.')
      await expect(palette.getByRole('option', { name: /^Café Müller/ }).first()).toBeVisible()
      expect(
        await page.evaluate(() => (window as unknown as { __nothingMatches: string[] }).__nothingMatches),
      ).toEqual([])
    })
  }
})
