import { API_PREFIX } from '../../src/catalogue'
import { indexStatus } from '../support/explorer'
import { gate } from '../support/faults'
import { expect, test } from '../support/fixtures'
import { DEMO_URL, NO_VIEWS_URL } from '../support/servers'

const chart = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('figure', { name: title })

test('without a complete index the page says what it will show and builds it; the charts come once it is complete', async ({
  page,
}) => {
  // The index's last page of episodes waits: the index is building, not complete.
  const lastPage = gate()
  await page.route(
    (url) => url.pathname === `${API_PREFIX}/episodes/` && url.searchParams.get('page') === '3',
    async (route) => {
      await lastPage.passed
      await route.continue()
    },
  )
  // A service without streams: its index is built page by page, so holding a page holds the build.
  await page.goto(`${NO_VIEWS_URL}/insights`)
  await expect(page.getByText(/^Six charts: episodes per season and per year/)).toBeVisible()
  await expect(
    page.getByText('The index is being built: the charts appear when it is complete.'),
  ).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('progressbar', { name: 'Catalogue index progress' })).toBeVisible()
  await expect(page.getByRole('figure')).toHaveCount(0)

  lastPage.open()
  await expect(chart(page, 'Episodes per season')).toBeVisible({ timeout: 20_000 })
  await expect(indexStatus(page)).toContainText('Catalogue index: ')
})

test('the API disclosure of the insights names the lists they count, as answered by the catalogue index', async ({
  page,
}) => {
  await page.goto('/insights')
  await expect(page.getByRole('figure')).toHaveCount(6, { timeout: 20_000 })
  await page.getByText('API (2 requests)', { exact: true }).click()
  for (const path of [`${API_PREFIX}/episodes/`, `${API_PREFIX}/locations`]) {
    const request = page.getByRole('region', { name: `GET ${DEMO_URL}${path}` })
    await expect(request.getByRole('definition').nth(0)).toHaveText('200')
    await expect(request.getByRole('definition').nth(3)).toHaveText(
      /^Catalogue index \(in this browser\), at \d\d:\d\d:\d\d$/,
    )
  }
})

test('on a 375 px screen every bar label is whole within its chart (long ones shortened, not cut)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/insights')
  await expect(page.getByRole('figure')).toHaveCount(6, { timeout: 20_000 })
  const cut = await page.locator('figure svg').evaluateAll((charts) =>
    charts.flatMap((chart) => {
      const left = chart.getBoundingClientRect().left
      return [...chart.querySelectorAll('text')]
        .filter((label) => label.getBoundingClientRect().left < left - 0.5)
        .map((label) => label.textContent)
    }),
  )
  expect(cut).toEqual([])
})
