/**
 * `npm run bench:characters`: the character pages, a record's related records and the insights answered by the
 * service on PostgreSQL at 1,000,000 locations, in fresh browser profiles (`characters-postgres.ts`). Not part of
 * `npm test`. Flags: --no-build, --no-write (leave docs/benchmarks.md alone), --visits 6.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { writeLatest } from '../benchmarks-doc'
import { measureCharactersOnPostgres } from './characters-postgres'
import { buildExplorer } from './service'

const root = resolve(import.meta.dirname, '..', '..')
const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    visits: { type: 'string', default: '6' },
  },
})

const log = (message: string) => console.error(`bench:characters: ${message}`)

if (!flags['no-build']) {
  log('building the explorer (npm run build)')
  buildExplorer(root)
}
const markdown = await measureCharactersOnPostgres(root, Number(flags.visits), log)
console.log(markdown)
if (!flags['no-write']) writeLatest('characters-postgres', markdown)
