import type { Page } from '@playwright/test'
import { COLLECTIONS } from '../../src/catalogue'
import { expectNoAxeViolations } from '../support/axe'
import { jsonBody } from '../support/faults'
import { expect, test } from '../support/fixtures'

/** What each endpoint may answer; 503 only from a store that cannot answer in time. */
const STATUSES = [
  '200 OK',
  '304 Not Modified',
  '400 Bad Request',
  '401 Unauthorized',
  '404 Not Found',
  '429 Too Many Requests',
  '503 Service Unavailable',
]

/** The four endpoints as the specification defines them: each collection's list and its records by id. */
const ENDPOINTS = COLLECTIONS.flatMap((collection) => [
  {
    name: `GET ${collection.listPath}`,
    parameters: ['page', ...collection.filters, 'If-None-Match'],
    statuses: STATUSES,
  },
  {
    name: `GET ${collection.itemPath}/{ids}`,
    parameters: ['ids', 'If-None-Match'],
    statuses: STATUSES,
  },
])

/**
 * The same endpoints as this service's own document declares them: its lists take its extensions' parameters
 * too (contract §13: `_search` and the insights' facets; §12: views, and streams of them with If-Match and its
 * 412), and search and characters have endpoints of their own.
 */
const SERVICE_ENDPOINTS = ENDPOINTS.map((each, index) => {
  if (index % 2 === 1) return each
  const collection = COLLECTIONS[index / 2] as (typeof COLLECTIONS)[number]
  const sorts = ['_sort', '_sort_desc']
  const facets = collection.facets.map((facet) => `${facet.name}__exact`)
  const ranges = collection.columns
    .filter((column) => column.range)
    .flatMap((column) => [`${column.field}__gte`, `${column.field}__lte`])
  return {
    ...each,
    parameters: [
      'page',
      ...collection.filters,
      '_search',
      ...sorts,
      ...facets,
      ...ranges,
      '_facet',
      '_facet_size',
      '_facet_bins',
      '_facet_date',
      '_facet_date_unit',
      '_col',
      '_export',
      '_after',
      'If-None-Match',
      'If-Match',
    ],
    statuses: [...STATUSES.slice(0, 5), '412 Precondition Failed', ...STATUSES.slice(5)],
  }
}).concat(
  {
    name: 'GET /v1/search',
    parameters: ['q', 'page', 'limit', 'collection__exact', '_facet', 'If-None-Match'],
    statuses: STATUSES.slice(0, 6),
  },
  {
    name: 'GET /v1/characters',
    parameters: [
      'page',
      'season',
      '_sort',
      '_sort_desc',
      ...COLLECTIONS.flatMap(({ name }) => [`${name}__gte`, `${name}__lte`]),
      '_facet',
      '_facet_bins',
      'If-None-Match',
    ],
    statuses: STATUSES,
  },
  { name: 'GET /v1/characters/{ids}', parameters: ['ids', 'If-None-Match'], statuses: STATUSES },
  ...COLLECTIONS.flatMap((collection) =>
    COLLECTIONS.filter((other) => other !== collection).map((other) => ({
      name: `GET ${collection.itemPath}/{id}/${other.name}`,
      parameters: ['id', 'page', 'If-None-Match'],
      statuses: STATUSES,
    })),
  ),
)

const endpoint = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function expectEndpoints(page: Page, endpoints = ENDPOINTS) {
  const contents = page.getByRole('navigation', { name: 'Endpoints' }).getByRole('link')
  await expect(contents).toHaveText(endpoints.map((e) => e.name))
  for (const { name, parameters, statuses } of endpoints) {
    const section = endpoint(page, name)
    await expect(
      section.getByRole('table', { name: `Parameters of ${name}` }).getByRole('rowheader'),
    ).toHaveText(parameters)
    await expect(section.getByRole('heading', { level: 4 })).toHaveText(statuses)
  }
}

test("the API page, from the header, shows the service's document: its endpoints, parameters, statuses", async ({
  page,
}) => {
  await page.goto('/locations')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API', exact: true }).click()
  await expect(page).toHaveURL(/\/api$/)
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
  await expect(page.getByText("From the service's own document")).toBeVisible()
  await expectEndpoints(page, SERVICE_ENDPOINTS)

  // A body names its schemas (a page, or with _export=json an array of records), whose fields the schema's own
  // section lists; an example is one click away, highlighted JSON.
  const list = endpoint(page, ENDPOINTS[0]?.name ?? '')
  const ok = list.getByRole('region', { name: '200 OK' })
  await expect(
    ok.getByRole('paragraph').filter({ hasText: /^Body \(JSON\): LocationPage, or array of Location$/ }),
  ).toBeVisible()
  await ok.getByRole('link', { name: 'LocationPage' }).click()
  const schema = page.getByRole('region', { name: 'Schema LocationPage' })
  await expect(schema.getByRole('listitem').filter({ hasText: /^results array of/ })).toBeVisible()
  await ok.getByText('Example', { exact: true }).click()
  await expect(ok.getByRole('region', { name: /^Example example of 200/ })).toContainText('"results"')
})

test('an endpoint has its own address: opening it shows that endpoint', async ({ page }) => {
  const { name } = ENDPOINTS[3] ?? { name: '' }
  await page.goto('/api')
  await page.getByRole('navigation', { name: 'Endpoints' }).getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/api#[a-z0-9-]+$/)
  const address = page.url()

  await page.goto('/locations')
  await page.goto(address)
  await expect(endpoint(page, name).getByRole('heading', { level: 2 })).toBeInViewport()
})

test("a service without an API document: the specification's own, and the page says so", async ({ page }) => {
  await page.route('**/openapi.json', (route) => route.fulfill(jsonBody(404, { error: 'Nothing here.' })))
  await page.goto('/api')
  await expect(
    page.getByRole('note').filter({
      hasText:
        "This service publishes no API document (/openapi.json answered 404); showing the specification's, built into the explorer.",
    }),
    // The built-in document is its own chunk, fetched after the service's answer: allow for a busy machine.
  ).toBeVisible({ timeout: 20_000 })
  await expectEndpoints(page)
})

test('a malformed API document is named for what is wrong, and the built-in one is shown', async ({
  page,
}) => {
  await page.route('**/openapi.json', (route) =>
    route.fulfill(jsonBody(200, { openapi: '3.1.0', info: { title: 'Other' }, paths: {} })),
  )
  await page.goto('/api')
  await expect(page.getByRole('note')).toContainText(
    'is not an OpenAPI document this page can read: info.version',
    { timeout: 20_000 },
  )
  await expectEndpoints(page)
})

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 120_000 })
  test('no WCAG 2.2 A/AA violation on the API page, light and dark, an example open', async ({ page }) => {
    await page.goto('/api')
    await expectEndpoints(page, SERVICE_ENDPOINTS)
    const ok = endpoint(page, ENDPOINTS[0]?.name ?? '').getByRole('region', { name: '200 OK' })
    await ok.getByText('Example', { exact: true }).click()
    await expectNoAxeViolations(page, 'the API page')
  })
})
