/**
 * A catalogue that changes under an open browser (contract §13): the index built from the catalogue before
 * answers nothing once an answer of the service names another version; the list is answered by the service
 * with the new records; the page says the catalogue changed and shows the new one when asked; a small
 * catalogue's index refreshes itself. Once with the dataset file reloaded (SIGHUP), once with a new catalogue
 * loaded into PostgreSQL (`db:load`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { formatDataset, generateDataset, SHIPPED_OPTIONS } from '../../server/data/generate'
import { loadDatasetFile } from '../../server/postgres/load'
import { startPostgres } from '../../server/test/postgres-process'
import type { Dataset, DatasetLocation } from '../../src/catalogue'
import { summaryText } from '../support/catalogue'
import { INDEXED, indexStatus, listView } from '../support/explorer'
import { expect, test } from '../support/fixtures'
import { CHANGED_DATABASE_PORT, CHANGED_FILE_PORT, DEMO_KEY } from '../support/servers'
import { startServiceProcess } from '../support/service-process'

test.describe.configure({ timeout: 120_000 })

const HOST = '127.0.0.1'
const shipped = generateDataset(SHIPPED_OPTIONS) as Dataset

/** The shipped catalogue and two more planets, each with more residents than any other location. */
function withNewPlanets(): Dataset {
  const next = structuredClone(shipped)
  const most = Math.max(...next.locations.map((location) => location.residents.length))
  const residents = Array.from({ length: most + 5 }, (_, index) => index + 1)
  const planet = (id: number, name: string): DatasetLocation => ({
    id,
    name,
    type: 'Planet',
    dimension: 'Dimension C-137',
    residents,
    created: '2026-12-01T10:00:00.000Z',
  })
  const ids = next.locations.map((location) => location.id)
  next.locations.push(
    planet(Math.max(...ids) + 1, 'Newfound Planet'),
    planet(Math.max(...ids) + 2, 'Later Planet'),
  )
  return next
}

const planets = (dataset: Dataset) =>
  dataset.locations.filter((location) => location.type === 'Planet').length

/**
 * The flow both stores share: an indexed browser on `url` shows a view of the planets from its index; the
 * catalogue changes (`change`, which returns once the service serves the new one); the page's next answer
 * tells it, and the view is answered anew.
 */
async function followsTheChange(page: Page, url: string, change: () => Promise<void>) {
  const list = listView(page, 'locations')
  const status = indexStatus(page)
  // The small catalogue is indexed unasked.
  await page.goto(`${url}/locations`)
  await expect(status).toContainText('Catalogue index: 126 locations and 51 episodes', INDEXED)

  const view = `${url}/locations?_sort_desc=residents&type__exact=Planet`
  await page.goto(view)
  await expect(list.summary).toHaveText(summaryText(planets(shipped), 1, 'location', 'locations'))
  // Once the index has said it is complete, it counts the facets (and answers every change of the view).
  await expect(page.getByText(/^Counted from the catalogue index of /)).toBeVisible()
  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/')) asked.push(request.url())
  })
  // Answered by the complete, current index: a change of sort, and back, asks the service nothing.
  await list.sortButton('Residents').click()
  await expect(page).toHaveURL(/_sort=residents/)
  await list.sortButton('Residents').click()
  await expect(page).toHaveURL(/_sort_desc=residents/)
  await expect(list.summary).toHaveText(summaryText(planets(shipped), 1, 'location', 'locations'))
  expect(asked).toEqual([])

  await change()
  // The page's next answer of the service (the episodes' first page) names the new catalogue: the page says so.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Episodes' }).click()
  const changed = page
    .getByRole('status')
    .filter({ hasText: 'The catalogue has changed since this page was shown.' })
  await expect(changed).toBeVisible()
  await page.goBack()
  // The index of the catalogue before answers nothing now: the service answers the view, with the new planets.
  await expect(list.summary).toHaveText(summaryText(planets(withNewPlanets()), 1, 'location', 'locations'))
  await expect(list.rows.first()).toContainText('Newfound Planet')
  await changed.getByRole('button', { name: 'Show the new one' }).click()
  await expect(changed).toBeHidden()
  await expect(page.getByText('128 locations in the catalogue')).toBeVisible()
  // A small catalogue's index refreshes itself, and answers again.
  await expect(status).toContainText('Catalogue index: 128 locations and 51 episodes', INDEXED)
  await expect(status).not.toContainText('earlier catalogue')
}

test('a reload of the dataset file (SIGHUP) under an open, indexed browser: the page follows the new catalogue', async ({
  page,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-changed-'))
  const file = join(folder, 'catalogue.json')
  writeFileSync(file, formatDataset(shipped))
  const service = await startServiceProcess({ host: HOST, port: CHANGED_FILE_PORT }, { CATALOGUE_DATA: file })
  try {
    await followsTheChange(page, service.url, async () => {
      writeFileSync(file, formatDataset(withNewPlanets()))
      service.reload()
      await expect.poll(() => locationsServed(service.url), { timeout: 30_000 }).toBe(128)
    })
  } finally {
    await service.stop()
    rmSync(folder, { recursive: true, force: true })
  }
})

test('a new catalogue loaded into PostgreSQL (db:load) under an open, indexed browser: the page follows it', async ({
  page,
}) => {
  const cluster = await startPostgres()
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-changed-'))
  try {
    const url = await cluster.createDatabase('catalogue')
    const file = (name: string, dataset: Dataset) => {
      const path = join(folder, name)
      writeFileSync(path, formatDataset(dataset))
      return path
    }
    await loadDatasetFile(url, file('first.json', shipped))
    const service = await startServiceProcess(
      { host: HOST, port: CHANGED_DATABASE_PORT },
      { CATALOGUE_DATABASE_URL: url },
    )
    try {
      await followsTheChange(page, service.url, async () => {
        await loadDatasetFile(url, file('second.json', withNewPlanets()))
        await expect.poll(() => locationsServed(service.url), { timeout: 30_000 }).toBe(128)
      })
    } finally {
      await service.stop()
    }
  } finally {
    cluster.remove()
    rmSync(folder, { recursive: true, force: true })
  }
})

/** How many locations the service at `url` serves now. */
async function locationsServed(url: string): Promise<number> {
  const response = await fetch(`${url}/v1/locations`, {
    headers: { authorization: `Bearer ${DEMO_KEY}` },
    cache: 'no-store',
  })
  return ((await response.json()) as { info: { count: number } }).info.count
}
