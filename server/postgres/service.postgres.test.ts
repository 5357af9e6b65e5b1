import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { type DatasetLocation, locations } from '../../src/catalogue'
import { StoreUnavailableError } from '../catalogue/errors'
import { DEMO_KEY } from '../config'
import { freshDatabase, loadInto, openCatalogue } from '../test/postgres'
import { TEST_PASSWORD } from '../test/postgres-process'
import { datasetWith, shippedDataset } from '../test/server'
import { startServiceProcess } from '../test/service-process'
import { DatabaseStartError, PostgresCatalogue } from './catalogue'
import { connectionOptions } from './database'
import { filtersTableOf, foldedColumn } from './layout'
import { migrate } from './migrate'
import { containsPattern, usesTrigrams } from './store'

const open = (url: string) =>
  PostgresCatalogue.open({ url, timeoutMs: 5_000, poolSize: 2, costlyQueries: 1 }, { say: () => {} })

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

describe('the service on PostgreSQL', () => {
  it('refuses to start, in one sentence, on a database without a catalogue or with a schema it does not read', async () => {
    const url = await freshDatabase()
    const where = new URL(url)
    where.password = '***'
    await expect(open(url)).rejects.toThrow(
      new DatabaseStartError(
        `The database at ${where} holds no catalogue: load one with npm run db:load -- FILE.`,
      ),
    )
    const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
    await client.connect()
    await migrate(client)
    await client.end()
    await expect(open(url)).rejects.toThrow(
      /holds no catalogue yet: load one with npm run db:load -- FILE\.$/,
    )
    await loadInto(url, shippedDataset)
    await sql(url, "INSERT INTO catalogue.schema_migrations (version, name) VALUES (99, 'future')")
    await expect(open(url)).rejects.toThrow(
      /The catalogue schema at .* is at version 99, and this service reads versions 1 to 5: deploy a newer service\./,
    )
    await expect(open(url)).rejects.not.toThrow(TEST_PASSWORD)
  })

  it('serves the database’s catalogue as a process, without its password in any line it writes', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const service = await startServiceProcess({ CATALOGUE_DATABASE_URL: url, METRICS_PORT: '0' })
    const answer = await fetch(`${service.origin}/v1/locations/3`, {
      headers: { authorization: `Bearer ${DEMO_KEY}` },
    })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { name: string }).name).toBe(shippedDataset.locations[2]?.name)
    const metrics = await (await fetch(`${service.metricsOrigin}/metrics`)).text()
    expect(metrics).toMatch(/^catalogue_version 1$/m)
    expect(metrics).toMatch(/^catalogue_database_pool_connections\{state="idle"\} \d+$/m)
    expect(metrics).toMatch(/^catalogue_database_query_duration_seconds_count\{query="ids"\} 1$/m)
    expect(metrics).toMatch(/^catalogue_age_seconds \d/m)
    expect(metrics).toMatch(/^catalogue_database_longest_checkout_seconds \d/m)
    expect(metrics).toMatch(/^catalogue_database_costly_queries\{state="running"\} 0$/m)
    expect(metrics).toMatch(/^catalogue_database_costly_queries\{state="waiting"\} 0$/m)
    service.child.kill('SIGHUP')
    await service.waitFor(/SIGHUP reloads a dataset file; this service reads the database/)
    expect(service.output()).toMatch(
      /Catalogue service on .*: 126 locations and 51 episodes from postgres:\/\/postgres:\*\*\*@/,
    )
    expect(service.output()).not.toContain(TEST_PASSWORD)
    await service.stop()
  }, 60_000)

  it('tells its log of a connection held past the deadline, once (a leak shows before the pool runs dry)', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const said: string[] = []
    const catalogue = await PostgresCatalogue.open(
      { url, timeoutMs: 300, poolSize: 2, costlyQueries: 1 },
      { say: (line) => said.push(line) },
    )
    try {
      const leaked = await catalogue.database.pool.connect()
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      const told = said.filter((line) => line.startsWith('A database connection has been held'))
      expect(told).toHaveLength(1)
      expect(told[0]).toMatch(
        /^A database connection has been held \d+\.\d s by a "unnamed" query, past the 0\.3 s deadline: one never given back leaves the pool a connection short\.$/,
      )
      leaked.release()
    } finally {
      await catalogue.close()
    }
  })

  it('serves with a role that may only read, the catalogue loaded by the schema’s owner (docs/deploy.md)', async () => {
    const admin = await freshDatabase()
    const suffix = new URL(admin).pathname.slice(-12)
    const [owner, reader] = [`owner_${suffix}`, `reader_${suffix}`]
    const database = new URL(admin).pathname.slice(1)
    await sql(admin, `CREATE ROLE ${owner} LOGIN PASSWORD '${TEST_PASSWORD}'`)
    await sql(admin, `CREATE ROLE ${reader} LOGIN PASSWORD '${TEST_PASSWORD}'`)
    await sql(admin, `ALTER DATABASE ${database} OWNER TO ${owner}`)
    await sql(admin, `CREATE SCHEMA catalogue AUTHORIZATION ${owner}`)
    await sql(admin, `GRANT USAGE ON SCHEMA catalogue TO ${reader}`)
    await sql(
      admin,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA catalogue GRANT SELECT ON TABLES TO ${reader}`,
    )
    const as = (role: string) => {
      const url = new URL(admin)
      url.username = role
      return url.toString()
    }
    await loadInto(as(owner), shippedDataset)
    const catalogue = await openCatalogue(as(reader))
    const source = catalogue.live.collection('episodes')
    expect((await source.withIds([1]))[0]?.name).toBe(shippedDataset.episodes[0]?.name)
    await expect(sql(as(reader), 'CREATE TABLE catalogue.x (y integer)')).rejects.toThrow(/permission denied/)
    await expect(sql(as(reader), 'DELETE FROM catalogue.state')).rejects.toThrow(/permission denied/)
    await sql(admin, `DROP OWNED BY ${reader}`)
  })

  it('answers 503 and reads the catalogue again when the generation it read has been dropped', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const catalogue = await openCatalogue(url)
    const source = catalogue.live.collection('locations')
    // Two loads while this replica heard of neither: the generation it serves is dropped by the second.
    let checks = 0
    catalogue.database.onStale = () => {
      checks++
      void catalogue.check()
    }
    await loadInto(url, shippedDataset)
    await loadInto(url, datasetWith({ locations: shippedDataset.locations.slice(0, 2), episodes: [] }))
    const refused = source.slice(0, 20)
    await expect(refused).rejects.toBeInstanceOf(StoreUnavailableError)
    await expect(refused).rejects.toMatchObject({ retryAfter: 1 })
    expect(checks).toBe(1)
    await expect.poll(() => catalogue.live.version).toBe(3)
    expect(await catalogue.live.collection('locations').slice(0, 20)).toHaveLength(2)
  })

  it('reads the folded columns with LIKE, every character literal, never the database’s case folding', async () => {
    const url = await freshDatabase()
    const names = ['100% Juice', '100 Juice', 'a_b', 'axb', 'back\\slash', 'ÉCOLE', 'Straße', 'İstanbul']
    await loadInto(
      url,
      datasetWith({
        locations: names.map((name, index) => ({
          ...(shippedDataset.locations[0] as DatasetLocation),
          id: index + 1,
          name,
        })),
      }),
    )
    const catalogue = await openCatalogue(url)
    const source = catalogue.live.collection('locations')
    const found = async (value: string) =>
      (await source.match([{ field: 'name', foldedValue: value.toLowerCase() }], 0, 20)).records.map(
        ({ name }) => name,
      )
    expect(await found('0%')).toEqual(['100% Juice'])
    expect(await found('_')).toEqual(['a_b'])
    expect(await found('\\')).toEqual(['back\\slash'])
    expect(await found('école')).toEqual(['ÉCOLE'])
    expect(await found('straße')).toEqual(['Straße'])
    // JavaScript folds "İ" to "i̇" (i and a combining dot): the stored folded value, not PostgreSQL's lower().
    expect(await found('i̇stanbul')).toEqual(['İstanbul'])
  })

  it('never lets a filter of one or two letters reach the trigram index, and lets longer ones use it', async () => {
    const url = await freshDatabase()
    const { generation } = await loadInto(url, shippedDataset)
    const table = filtersTableOf(locations, generation)
    const plan = async (value: string) => {
      const column = `"${foldedColumn('name')}"`
      const expression = usesTrigrams(value) ? column : `(${column} || '')`
      const client = new pg.Client(connectionOptions(url, 'catalogue-test'))
      await client.connect()
      // With sequential scans priced out, the planner takes the trigram index wherever it can.
      await client.query('SET enable_seqscan = off')
      const rows = (
        await client.query(`EXPLAIN SELECT position FROM ${table} WHERE ${expression} LIKE $1`, [
          containsPattern(value),
        ])
      ).rows as { 'QUERY PLAN': string }[]
      await client.end()
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    }
    expect(usesTrigrams('ab')).toBe(false)
    expect(usesTrigrams('a b')).toBe(false)
    expect(usesTrigrams('abc')).toBe(true)
    expect(usesTrigrams('züri')).toBe(true)
    expect(await plan('ab')).not.toMatch(/trgm/)
    expect(await plan('a')).not.toMatch(/trgm/)
    expect(await plan('harbor')).toMatch(/Bitmap Index Scan on "?locations_g\d+_name_trgm/)
  })
})
