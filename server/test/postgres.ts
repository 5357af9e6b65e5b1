import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import type { Dataset } from '../../src/catalogue'
import { buildApp } from '../app'
import { LiveCatalogue } from '../catalogue/live-catalogue'
import { DEMO_KEY } from '../config'
import { createStore } from '../dataset/store'
import { PostgresCatalogue } from '../postgres/catalogue'
import { DEFAULT_DATABASE_TIMEOUT_MS, DEFAULT_POOL_SIZE, defaultCostlyQueries } from '../postgres/config'
import { connectionOptions } from '../postgres/database'
import { loadDatasetFile, type Switched } from '../postgres/load'

/** Whether this run's service suites read the catalogue from PostgreSQL (the `postgres` test project). */
export const onPostgres = process.env.CATALOGUE_TEST_STORE === 'postgres'

const created: { admin: string; name: string }[] = []
const folders: string[] = []
const opened: PostgresCatalogue[] = []
// At module level, so it is registered while the test file is collected (not inside another hook).
afterAll(async () => {
  await Promise.all(opened.splice(0).map((catalogue) => catalogue.close()))
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  for (const { admin, name } of created.splice(0)) {
    const client = new pg.Client(admin)
    try {
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    } catch {
      // A cluster of a test's own, removed already with its databases.
    } finally {
      await client.end().catch(() => {})
    }
  }
})

/** The address of a new, empty database of the shared test cluster (or of `cluster`), dropped after the file. */
export async function freshDatabase(admin = inject('postgresUrl')): Promise<string> {
  const name = `catalogue_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client(admin)
  await client.connect()
  await client.query(`CREATE DATABASE "${name}"`)
  await client.end()
  created.push({ admin, name })
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

/** Writes a dataset to a file of its own (for `db:load`), removed after the file's tests. */
export function datasetFile(dataset: unknown): string {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-load-'))
  folders.push(folder)
  const file = join(folder, 'dataset.json')
  writeFileSync(file, JSON.stringify(dataset))
  return file
}

/** Loads a dataset into the database at `url`, as `npm run db:load` does. */
export function loadInto(url: string, dataset: Dataset): Promise<Switched> {
  return loadDatasetFile(url, datasetFile(dataset))
}

/** The catalogue of the database at `url`, as the service reads it, closed after the file's tests. */
export async function openCatalogue(url: string, timeoutMs = DEFAULT_DATABASE_TIMEOUT_MS) {
  const catalogue = await PostgresCatalogue.open(
    { url, timeoutMs, poolSize: DEFAULT_POOL_SIZE, costlyQueries: defaultCostlyQueries(DEFAULT_POOL_SIZE) },
    { say: () => {} },
  )
  opened.push(catalogue)
  return catalogue
}

/** The rows of one statement on the database at `url`, on a connection of its own. */
export async function rowsOf<Row extends object>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** A service app on the catalogue of the database at `url`, and a GET with the demo key. */
export async function appOn(url: string) {
  const catalogue = await openCatalogue(url)
  const app = await buildApp({ store: catalogue.live, rateLimit: 0 })
  const get = (path: string) => app.inject({ url: path, headers: { authorization: `Bearer ${DEMO_KEY}` } })
  return { app, get }
}

/**
 * The same catalogue served by both stores, each by an app of its own (the same public base): `serve` replaces
 * it in both, `answers` asks both the same path and gives each one's status and body.
 */
export async function bothStores() {
  const url = await freshDatabase()
  const publicUrl = 'https://catalogue.example.com'
  const memory = new LiveCatalogue(createStore({ locations: [], episodes: [] }))
  const memoryApp = await buildApp({ store: memory, rateLimit: 0, publicUrl })
  await loadInto(url, { locations: [], episodes: [] })
  const postgres = await openCatalogue(url)
  const postgresApp = await buildApp({ store: postgres.live, rateLimit: 0, publicUrl })
  const ask = async (app: typeof memoryApp, path: string) => {
    const response = await app.inject({ url: path, headers: { authorization: `Bearer ${DEMO_KEY}` } })
    return { status: response.statusCode, body: response.body }
  }
  return {
    memoryApp,
    async serve(dataset: Dataset) {
      memory.replace(createStore(structuredClone(dataset)))
      await loadInto(url, dataset)
      await postgres.check()
    },
    answers: async (path: string) => ({
      memory: await ask(memoryApp, path),
      postgres: await ask(postgresApp, path),
    }),
    close: () => Promise.all([memoryApp.close(), postgresApp.close()]),
  }
}
