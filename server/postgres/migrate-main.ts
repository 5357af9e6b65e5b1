/**
 * `npm run db:migrate`: applies the catalogue schema's migrations the database at CATALOGUE_DATABASE_URL lacks
 * (as its owner role), one line saying what it did; a failure is one sentence and exit status 1.
 */
import pg from 'pg'
import { ConfigError } from '../config'
import { databaseFailure, databaseUrlFrom, redactedDatabaseUrl } from './config'
import { connectionOptions } from './database'
import { migrate } from './migrate'

async function main(): Promise<string> {
  const url = databaseUrlFrom(process.env)
  const client = new pg.Client(connectionOptions(url, 'catalogue-migrate'))
  client.on('error', () => {})
  await client.connect()
  try {
    const { applied, version } = await migrate(client)
    const what =
      applied.length === 0
        ? 'nothing to apply'
        : `applied ${applied.map(({ version, name }) => `${version} (${name})`).join(', ')}`
    return `${redactedDatabaseUrl(url)}: ${what}; the catalogue schema is at version ${version}.`
  } finally {
    await client.end().catch(() => {})
  }
}

main().then(
  (summary) => console.log(summary),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `db:migrate failed: ${databaseFailure(error)}`,
    )
    process.exit(1)
  },
)
