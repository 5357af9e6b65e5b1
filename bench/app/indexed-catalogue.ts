/**
 * What the in-browser benchmarks of the catalogue index share: the service on a dataset (the shipped one, or
 * the generator's large one) in demo mode without a rate limit, and a page that indexes the whole catalogue.
 */
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { type ServerProcess, startServer } from '../processes'

const root = resolve(import.meta.dirname, '..', '..')

export function startCatalogueService(
  dataset: string | null,
  workDir: string,
  name: string,
  /** A fixed port (the browser keeps an index per origin); any free one when left out. */
  port?: number,
  /** More settings (a database's address instead of a file). */
  more: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, CATALOGUE_RATE_LIMIT: '0', CATALOGUE_RENDER_RATE: '0' }
  for (const key of [
    'CATALOGUE_API_KEYS',
    'CATALOGUE_DATA',
    'CATALOGUE_DATABASE_URL',
    'CATALOGUE_PUBLIC_URL',
  ])
    delete env[key]
  if (dataset) env.CATALOGUE_DATA = dataset
  Object.assign(env, more)
  return startServer({
    name,
    script: 'server/main.ts',
    cwd: root,
    env,
    stdoutFile: join(workDir, `${name}.log`),
    readyPath: '/explorer-config.json',
    port,
  })
}

/**
 * Opens the locations list and has the whole catalogue indexed (a large catalogue is indexed when asked, a
 * small one by itself); resolves with what the index holds ("100,000 locations and 9,801 episodes") and
 * how long it took.
 */
export async function indexCatalogue(
  page: Page,
  origin: string,
): Promise<{ records: string; seconds: number }> {
  await page.goto(`${origin}/locations`)
  const status = page.getByRole('region', { name: 'Catalogue index' })
  const started = Date.now()
  const build = status.getByRole('button', { name: 'Build the index' })
  const updated = status.getByText(/Catalogue index: .* · updated/)
  const building = status.getByText(/Building the catalogue index/)
  // The status line may render again while it learns the lists' sizes: clicked until the build has started.
  while (!(await updated.isVisible()) && !(await building.isVisible())) {
    if (Date.now() - started > 120_000)
      throw new Error('The index was neither built nor buildable in two minutes.')
    if (await build.isVisible()) await build.click({ timeout: 5000 }).catch(() => undefined)
    await page.waitForTimeout(500)
  }
  await updated.waitFor({ timeout: 60 * 60_000 })
  const records = ((await status.textContent()) ?? '').replace(/.*Catalogue index: ([^·]*).*/s, '$1').trim()
  return { records, seconds: (Date.now() - started) / 1000 }
}

/** What the worker derives and keeps after a build (worker/derive-all.ts). */
const KEPT_KINDS = ['names', 'insights', 'characters', 'views', 'search']

/** The kinds kept in the `derived` store of this origin's index databases. */
export function keptKinds(): Promise<string[]> {
  return (async () => {
    const kinds: string[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('catalogue-index ')) continue
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => done(request.result)
        request.onerror = () => fail(request.error)
      })
      if (db.objectStoreNames.contains('derived')) {
        const keys = await new Promise<IDBValidKey[]>((done) => {
          const request = db.transaction('derived').objectStore('derived').getAllKeys()
          request.onsuccess = () => done(request.result)
        })
        kinds.push(...keys.map(String))
      }
      db.close()
    }
    return kinds
  })()
}

/**
 * Waits until the worker has derived and kept everything after a build (it does so off the build's answer):
 * what a reader who comes back later finds.
 */
export async function waitUntilKept(page: Page): Promise<void> {
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    const kept = await page.evaluate(keptKinds)
    if (KEPT_KINDS.every((kind) => kept.includes(kind))) return
    if (Date.now() > deadline) throw new Error(`Only ${kept.join(', ')} kept ten minutes after the build.`)
    await page.waitForTimeout(1000)
  }
}
