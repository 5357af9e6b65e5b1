import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { COLLECTIONS, type Dataset } from '../../src/catalogue'
import { DEFAULT_DATASET_PATH } from '../config'
import { DATASET_REFUSALS } from '../test/dataset-refusals'
import { datasetFile, freshDatabase, loadInto, openCatalogue } from '../test/postgres'
import { TEST_PASSWORD } from '../test/postgres-process'
import { datasetWith, shippedDataset } from '../test/server'
import { CHANNEL, connectionOptions } from './database'
import { columnsOf, layoutOf } from './layout'
import { loadDatasetFile, rollBack } from './load'
import { migrate, migrations } from './migrate'

const run = promisify(execFile)

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const one = async <T extends object>(url: string, sql: string) =>
  withClient(url, async (client) => (await client.query<T>(sql)).rows[0] as T)
const tablesOf = (url: string) =>
  withClient(url, async (client) =>
    (
      await client.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'catalogue' AND tablename ~ '^(episodes|locations)_g[0-9]+(_filters|_views)?$' ORDER BY 1",
      )
    ).rows.map(({ name }) => name),
  )

/** Runs `npm run db:load` (or `db:migrate`) as an operator would; never throws, gives the exit code and output. */
async function tool(script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', script, '--', ...args], {
      env: { ...process.env, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string }
    return { code, stdout, stderr }
  }
}

/** Until another session waits for an advisory lock (a process started on a busy machine takes seconds to ask). */
async function waitForLockWaiter(client: pg.Client) {
  for (;;) {
    const { rows } = await client.query<{ waiting: number }>(
      "SELECT count(*)::integer AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
    )
    if ((rows[0]?.waiting ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('migrations', () => {
  it('are recorded, safe to run twice and from two sessions at once', async () => {
    const url = await freshDatabase()
    const results = await Promise.all([
      withClient(url, (client) => migrate(client)),
      withClient(url, (client) => migrate(client)),
    ])
    const latest = Math.max(...migrations().map(({ version }) => version))
    expect(results.map(({ applied }) => applied.length).sort()).toEqual([0, migrations().length])
    expect(results.map(({ version }) => version)).toEqual([latest, latest])
    const again = await withClient(url, (client) => migrate(client))
    expect(again).toEqual({ applied: [], version: latest })
    const { count } = await one<{ count: number }>(
      url,
      'SELECT count(*)::integer AS count FROM catalogue.schema_migrations',
    )
    expect(count).toBe(migrations().length)
  })

  it('lay out each collection’s tables with every dataset field, a folded column per filter and the position', async () => {
    const url = await freshDatabase()
    await withClient(url, (client) => migrate(client))
    for (const collection of COLLECTIONS) {
      const columns = await withClient(url, async (client) =>
        (
          await client.query<{ name: string }>(
            `SELECT attname AS name FROM pg_attribute WHERE attrelid = '${layoutOf(collection)}'::regclass AND attnum > 0 ORDER BY attnum`,
          )
        ).rows.map(({ name }) => name),
      )
      expect(columns.sort()).toEqual(columnsOf(collection).sort())
    }
  })

  it('run from npm run db:migrate, saying what they did without the password', async () => {
    const url = await freshDatabase()
    const first = await tool('db:migrate', [], { CATALOGUE_DATABASE_URL: url })
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(
      /applied 1 \(catalogue\), 2 \(views\), 3 \(facet-counts\), 4 \(search\), 5 \(characters\); the catalogue schema is at version 5\./,
    )
    const second = await tool('db:migrate', [], { CATALOGUE_DATABASE_URL: url })
    expect(second.stdout).toMatch(/nothing to apply/)
    expect(first.stdout + second.stdout).not.toContain(TEST_PASSWORD)
  })
})

describe('npm run db:load', () => {
  it('loads a file, prints a one-line summary, and the service serves it', async () => {
    const url = await freshDatabase()
    const result = await tool('db:load', [DEFAULT_DATASET_PATH], { CATALOGUE_DATABASE_URL: url })
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(1)
    expect(result.stdout).toMatch(
      /^Loaded .*catalogue\.json in [\d.]+ s: 126 locations and 51 episodes; postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/catalogue_test_\w+ now serves catalogue version 1 \(generation 1\)\.\n$/,
    )
    expect(result.stdout + result.stderr).not.toContain(TEST_PASSWORD)
    const catalogue = await openCatalogue(url)
    expect(catalogue.live.counts).toEqual({ locations: 126, episodes: 51 })
    expect(catalogue.live.version).toBe(1)
  })

  it('checks a file with --check without a database, and changes nothing', async () => {
    const ok = await tool('db:load', ['--check', DEFAULT_DATASET_PATH], { CATALOGUE_DATABASE_URL: '' })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(
      /catalogue\.json is a valid dataset: 126 locations and 51 episodes \(checked in [\d.]+ s; nothing was loaded\)\./,
    )
    const bad = structuredClone(shippedDataset) as unknown as Record<string, Record<string, unknown>[]>
    ;(bad.episodes?.[4] as Record<string, unknown>).air_date = 'February 30, 2014'
    const file = datasetFile(bad)
    const refused = await tool('db:load', ['--check', file])
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(
      `Dataset ${file}: episodes[4] (id 5): "air_date" must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)`,
    )
  })

  it('refuses to run without a database address, and a bad one, in one sentence without the password', async () => {
    const none = await tool('db:load', [DEFAULT_DATASET_PATH], { CATALOGUE_DATABASE_URL: '' })
    expect(none.code).toBe(1)
    expect(none.stderr.trim()).toMatch(/^Configuration error: CATALOGUE_DATABASE_URL is not set; /)
    const wrong = await tool('db:load', [DEFAULT_DATASET_PATH], {
      CATALOGUE_DATABASE_URL: `postgres://postgres:not-${TEST_PASSWORD}@127.0.0.1:${new URL(await freshDatabase()).port}/postgres`,
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1)
    expect(wrong.stderr).toMatch(/^db:load failed: password authentication failed for user "postgres"\./)
    expect(wrong.stderr).not.toContain(TEST_PASSWORD)
  })

  it.each(DATASET_REFUSALS.slice(0, 4))(
    'refuses %s with the file loader’s sentence, and the catalogue served stays as it was',
    async (_label, change, message) => {
      const url = await freshDatabase()
      await loadInto(url, shippedDataset)
      const bad = structuredClone(shippedDataset) as unknown as Record<string, Record<string, unknown>[]>
      change(bad)
      const file = datasetFile(bad)
      await expect(loadDatasetFile(url, file)).rejects.toThrow(`Dataset ${file}: ${message}`)
      expect(
        await one<{ version: number }>(url, 'SELECT version::integer AS version FROM catalogue.state'),
      ).toEqual({
        version: 1,
      })
      expect(await tablesOf(url)).toEqual([
        'episodes_g1',
        'episodes_g1_filters',
        'episodes_g1_views',
        'locations_g1',
        'locations_g1_filters',
        'locations_g1_views',
      ])
    },
  )

  it('refuses a file cut in half as --check does, at once, and the next load is not held up', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const whole = JSON.stringify(shippedDataset)
    const file = datasetFile({})
    writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)))
    const checked = await tool('db:load', ['--check', file])
    expect(checked.code).toBe(1)
    expect(checked.stderr).toMatch(/is not valid JSON: .* at byte \d+ \(line 1, column \d+\)\.\n$/)
    const started = performance.now()
    const loaded = await tool('db:load', [file], { CATALOGUE_DATABASE_URL: url })
    expect(loaded.code).toBe(1)
    expect(loaded.stderr).toBe(checked.stderr)
    expect(performance.now() - started).toBeLessThan(20_000)
    const next = await tool('db:load', [DEFAULT_DATASET_PATH], { CATALOGUE_DATABASE_URL: url })
    expect(next.code).toBe(0)
    expect(next.stdout).toMatch(/now serves catalogue version 2/)
  })

  it('says once that it waits for another load’s lock, and gives up after --wait SECONDS', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const holder = new pg.Client(connectionOptions(url, 'catalogue-test'))
    await holder.connect()
    try {
      await holder.query('SELECT pg_advisory_lock(7316029002)')
      const started = performance.now()
      const waited = await tool('db:load', ['--wait', '2', DEFAULT_DATASET_PATH], {
        CATALOGUE_DATABASE_URL: url,
      })
      expect(waited.code).toBe(1)
      expect(waited.stderr.trim().split('\n')).toEqual([
        'Another load or rollback of this database is running: waiting for it to end (at most 2 seconds; --wait SECONDS to change that).',
        'Another load or rollback of this database held its lock for 2 seconds: nothing was changed; try again once it ends, or wait longer with --wait SECONDS.',
      ])
      expect(performance.now() - started).toBeGreaterThan(2_000)
      const refused = await tool('db:load', ['--wait', 'soon', '--rollback'], { CATALOGUE_DATABASE_URL: url })
      expect(refused.code).toBe(1)
      expect(refused.stderr.trim()).toBe(
        'The value of --wait must be a whole number of seconds from 1 to 86400, such as --wait 60.',
      )
      const waiting = tool('db:load', ['--wait', '60', DEFAULT_DATASET_PATH], { CATALOGUE_DATABASE_URL: url })
      await waitForLockWaiter(holder)
      await holder.query('SELECT pg_advisory_unlock(7316029002)')
      const loaded = await waiting
      expect(loaded.code).toBe(0)
      expect(loaded.stderr).toMatch(
        /^Another load or rollback of this database is running: waiting for it to end \(at most 1 minute; /,
      )
      expect(loaded.stdout).toMatch(/now serves catalogue version 2/)
    } finally {
      await holder.end()
    }
  })

  it('keeps the generation before for --rollback, drops older ones, and announces each switch', async () => {
    const url = await freshDatabase()
    const listener = new pg.Client(connectionOptions(url, 'catalogue-test'))
    await listener.connect()
    const announced: string[] = []
    listener.on('notification', ({ payload }) => announced.push(payload ?? ''))
    await listener.query(`LISTEN ${CHANNEL}`)
    const small = datasetWith({ locations: shippedDataset.locations.slice(0, 3), episodes: [] })
    await loadInto(url, shippedDataset)
    await loadInto(url, small)
    await loadInto(url, shippedDataset)
    expect(await tablesOf(url)).toEqual([
      'episodes_g2',
      'episodes_g2_filters',
      'episodes_g2_views',
      'episodes_g3',
      'episodes_g3_filters',
      'episodes_g3_views',
      'locations_g2',
      'locations_g2_filters',
      'locations_g2_views',
      'locations_g3',
      'locations_g3_filters',
      'locations_g3_views',
    ])
    const back = await rollBack(url)
    expect(back).toEqual({ version: 4, generation: 2, counts: { locations: 3, episodes: 0 } })
    const catalogue = await openCatalogue(url)
    expect(catalogue.live.counts).toEqual({ locations: 3, episodes: 0 })
    const forth = await tool('db:load', ['--rollback'], { CATALOGUE_DATABASE_URL: url })
    expect(forth.stdout).toMatch(
      /^Rolled back in [\d.]+ s: 126 locations and 51 episodes; .* now serves catalogue version 5 \(generation 3\)\.\n$/,
    )
    await expect.poll(() => announced.length).toBe(5)
    expect(announced.map((payload) => JSON.parse(payload))).toEqual([
      { version: 1, how: 'load' },
      { version: 2, how: 'load' },
      { version: 3, how: 'load' },
      { version: 4, how: 'rollback' },
      { version: 5, how: 'rollback' },
    ])
    await listener.end()
  })

  it('says there is nothing to roll back to after one load', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    await expect(rollBack(url)).rejects.toThrow(
      'There is no previous catalogue to roll back to: the database has had one load at most.',
    )
  })

  it('stores positions in id order and the counts, whatever the file’s order', async () => {
    const url = await freshDatabase()
    const reversed: Dataset = {
      locations: [...shippedDataset.locations].reverse(),
      episodes: [...shippedDataset.episodes].reverse(),
    }
    const { generation } = await loadInto(url, reversed)
    const ids = await withClient(url, async (client) =>
      (
        await client.query<{ id: number }>(
          `SELECT id FROM catalogue.locations_g${generation} ORDER BY position`,
        )
      ).rows.map(({ id }) => id),
    )
    expect(ids).toEqual(shippedDataset.locations.map(({ id }) => id))
    const counts = await withClient(
      url,
      async (client) =>
        (await client.query('SELECT collection, records FROM catalogue.collection_counts ORDER BY 1')).rows,
    )
    expect(counts).toEqual([
      { collection: 'episodes', records: 51 },
      { collection: 'locations', records: 126 },
    ])
  })
})
