/** `/api` as a page to try: a menu that stays in view, and per endpoint a form that asks the real service. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { COLLECTIONS } from '../../src/catalogue'
import { expectNoAxeViolations } from '../support/axe'
import { matching, nameFillingPages, namesOf, pageOf } from '../support/catalogue'
import { compareView, expectListShows, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { DEMO_KEY } from '../support/servers'

const endpoint = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const tryIt = (page: Page, name: string) =>
  endpoint(page, name).getByRole('region', { name: `Try ${name}`, exact: true })

test('the menu of endpoints stays in view while the reference scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/api')
  const menu = page.getByRole('navigation', { name: 'Endpoints' })
  // Two endpoints per collection (its list and its records by id), search, the characters list and by id, and
  // each collection's records related to another's (contract §13).
  await expect(menu.getByRole('link')).toHaveCount(
    COLLECTIONS.length * 2 + 1 + 2 + COLLECTIONS.length * (COLLECTIONS.length - 1),
  )
  await page.getByRole('heading', { name: 'Schemas' }).scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
  await expect(menu.getByRole('link').first()).toBeInViewport()
})

test('a list request with a filter: status, time, headers and body, the request as code, and the explorer’s view of it', async ({
  page,
  catalogue,
}) => {
  const name = nameFillingPages(catalogue.locations)
  const found = matching(catalogue.locations, { name })
  await page.goto('/api')
  const form = tryIt(page, 'GET /v1/locations')
  await form.getByRole('textbox', { name: 'name' }).fill(name)
  await form.getByRole('textbox', { name: 'page' }).fill('2')
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/locations')
  await form.getByRole('button', { name: 'Send GET request' }).click()
  const request = await asked
  // The key goes in the header, never in the address.
  expect(request.headers().authorization).toBe(`Bearer ${DEMO_KEY}`)
  expect(new URL(request.url()).searchParams.get('name')).toBe(name)

  await expect(form.getByRole('status').filter({ hasText: /^200 OK in [\d,]+ ms, from/ })).toBeVisible()
  await form.getByText(/^Headers \(\d+\)$/).click()
  await expect(form.getByRole('term').filter({ hasText: /^content-type$/ })).toBeVisible()
  const body = form.getByRole('region', { name: 'Answer of GET /v1/locations' })
  for (const record of pageOf(found, 2)) await expect(body).toContainText(JSON.stringify(record.name))

  await form.getByText('The request as code').click()
  for (const language of ['curl', 'JavaScript (fetch)', 'Python (requests)']) {
    const code = form.getByRole('region', { name: `GET /v1/locations as ${language}` })
    await expect(code).toContainText('CATALOGUE_API_KEY')
    await expect(code).toContainText(`/v1/locations?page=2&name=${name}`)
  }

  await form.getByRole('link', { name: 'Show this in the explorer' }).click()
  const list = listView(page, 'locations')
  await expectListShows(list, { count: found.length, page: 2, names: namesOf(pageOf(found, 2)) })
})

test('records by id, and an answer the service refuses', async ({ page, catalogue }) => {
  const [a, b] = catalogue.episodes
  if (!a || !b) throw new Error('too few episodes')
  await page.goto('/api')
  const form = tryIt(page, 'GET /v1/episodes/{ids}')
  const send = form.getByRole('button', { name: 'Send GET request' })
  await send.click()
  await expect(form.getByRole('status').filter({ hasText: 'Enter ids: the address needs it.' })).toBeVisible()

  await form.getByRole('textbox', { name: /^ids/ }).fill('abc')
  await send.click()
  await expect(form.getByRole('status').filter({ hasText: /^400 Bad Request in/ })).toBeVisible()
  await expect(form.getByRole('link', { name: 'Show this in the explorer' })).toHaveCount(0)

  await form.getByRole('textbox', { name: /^ids/ }).fill(`${a.id},${b.id}`)
  await send.click()
  await expect(form.getByRole('status').filter({ hasText: /^200 OK in/ })).toBeVisible()
  await expect(form.getByRole('region', { name: 'Answer of GET /v1/episodes/{ids}' })).toContainText(
    JSON.stringify(b.name),
  )
  await form.getByRole('link', { name: 'Show this in the explorer' }).click()
  await expect(compareView(page, 'episodes').columns).toHaveCount(2)
})

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 120_000 })
  test('no WCAG 2.2 A/AA violation with an answer and the code shown, light and dark; landmarks named uniquely', async ({
    page,
  }) => {
    await page.goto('/api')
    const form = tryIt(page, 'GET /v1/locations')
    await form.getByRole('button', { name: 'Send GET request' }).click()
    await expect(form.getByRole('status').filter({ hasText: /^200 OK in/ })).toBeVisible()
    await form.getByText(/^Headers \(\d+\)$/).click()
    await form.getByText('The request as code').click()
    await expectNoAxeViolations(page, 'the API page with an answer')
    const { violations } = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()
    expect(violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([])
  })
})
