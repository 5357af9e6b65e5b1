import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'
import { SCHEMA } from './database'
import { identifier } from './layout'

/**
 * The schema versions this service reads. Migrations expand, then contract: a migration that adds what a new
 * service needs leaves what the running ones read, so during a rolling deploy old and new replicas both serve
 * the migrated schema; what old ones read goes in a later migration, once none runs. The service refuses to
 * start outside this range, and never changes the schema itself.
 */
export const SERVED_SCHEMA_VERSIONS = { oldest: 1, newest: 5 } as const

/** One session at a time migrates (`pg_advisory_lock` on this key): the others wait, then find it done. */
const MIGRATE_LOCK = '7316029001'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The migrations shipped, in order: `NNNN-name.sql` files, each applied once, in a transaction of its own. */
export function migrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8'),
    }))
}

const MIGRATIONS_TABLE = `${identifier(SCHEMA)}.schema_migrations`

/**
 * Applies the migrations the database lacks, recording each in `catalogue.schema_migrations`; safe to run
 * twice, and from two processes at once (they take turns). Returns the ones applied now and the version.
 */
export async function migrate(client: pg.ClientBase): Promise<{ applied: Migration[]; version: number }> {
  await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATE_LOCK])
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${identifier(SCHEMA)}`)
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    )
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE}`)
    const done = new Set(rows.map(({ version }) => version))
    const applied: Migration[] = []
    for (const migration of migrations()) {
      if (done.has(migration.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [
          migration.version,
          migration.name,
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(
          `Migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
        )
      }
      applied.push(migration)
    }
    return { applied, version: Math.max(0, ...done, ...applied.map(({ version }) => version)) }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATE_LOCK])
  }
}
