/**
 * `npm run db:load -- FILE` loads a dataset file into the database at CATALOGUE_DATABASE_URL (migrating the
 * schema first if needed) and switches the catalogue to it; `-- --check FILE` only checks the file (no
 * database needed, nothing changes); `-- --rollback` serves the catalogue loaded before the last switch again.
 * A load or rollback waits for another's lock at most 10 minutes (`--wait SECONDS` first), saying so in a line.
 * Progress goes to stderr on a terminal; the one-line summary to stdout; a failure is one sentence, exit 1.
 */
import { COLLECTIONS, describeHoldings } from '../../src/catalogue'
import { ConfigError } from '../config'
import { type StreamProgress, streamDataset } from '../dataset/dataset-reader'
import { DatasetError } from '../dataset/load'
import { databaseFailure, databaseUrlFrom, redactedDatabaseUrl } from './config'
import {
  DEFAULT_LOCK_WAIT_SECONDS,
  LoadError,
  type LockWait,
  loadDatasetFile,
  rollBack,
  type Switched,
} from './load'

const USAGE = 'Usage: npm run db:load -- [--wait SECONDS] FILE | --check FILE | [--wait SECONDS] --rollback'

const holdings = (counts: Record<string, number>) =>
  describeHoldings(COLLECTIONS.map(({ labels, name }) => ({ labels, count: counts[name] ?? 0 })))

/** A progress line rewritten in place, at most five times a second, on a terminal only. */
function progressLine(file: string): ((progress: StreamProgress) => void) | undefined {
  if (!process.stderr.isTTY) return undefined
  let last = 0
  return ({ bytesRead, bytes, records }) => {
    const now = performance.now()
    if (now - last < 200 && bytesRead < bytes) return
    last = now
    const percent = bytes === 0 ? 100 : Math.floor((bytesRead / bytes) * 100)
    process.stderr.write(`\r${file}: ${percent}% read, ${records.toLocaleString('en')} records`)
  }
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1)

/** `--wait SECONDS` taken off the front of the arguments: how long to wait for another load's lock. */
function lockWaitOf(args: string[]): { wait: LockWait; rest: string[] } {
  const onWait = (line: string) => console.error(line)
  if (args[0] !== '--wait') return { wait: { seconds: DEFAULT_LOCK_WAIT_SECONDS, onWait }, rest: args }
  const seconds = /^\d{1,6}$/.test(args[1] ?? '') ? Number(args[1]) : Number.NaN
  if (!(seconds >= 1 && seconds <= 86_400))
    throw new ConfigError(
      'The value of --wait must be a whole number of seconds from 1 to 86400, such as --wait 60.',
    )
  return { wait: { seconds, onWait }, rest: args.slice(2) }
}

async function main(args: string[]): Promise<string> {
  const started = performance.now()
  const [first, second] = args
  if (first === '--check' && second !== undefined && args.length === 2) {
    const progress = progressLine(second)
    const streamed = await streamDataset(
      second,
      COLLECTIONS,
      { begin() {}, records() {}, end() {} },
      progress,
    )
    if (progress) process.stderr.write('\n')
    return `${second} is a valid dataset: ${holdings(streamed.counts)} (checked in ${seconds(started)} s; nothing was loaded).`
  }
  const { wait, rest } = lockWaitOf(args)
  const url = databaseUrlFrom(process.env)
  const where = redactedDatabaseUrl(url)
  const said = (switched: Switched, what: string) =>
    `${what} in ${seconds(started)} s: ${holdings(switched.counts)}; ${where} now serves catalogue version ${switched.version} (generation ${switched.generation}).`
  const [file] = rest
  if (file === '--rollback' && rest.length === 1) return said(await rollBack(url, wait), 'Rolled back')
  if (file === undefined || file.startsWith('--') || rest.length !== 1) throw new ConfigError(USAGE)
  const progress = progressLine(file)
  const switched = await loadDatasetFile(url, file, progress, wait)
  if (progress) process.stderr.write('\n')
  return said(switched, `Loaded ${file}`)
}

main(process.argv.slice(2)).then(
  (summary) => console.log(summary),
  (error: unknown) => {
    if (process.stderr.isTTY) process.stderr.write('\n')
    const known = error instanceof DatasetError || error instanceof LoadError || error instanceof ConfigError
    console.error(known ? (error as Error).message : `db:load failed: ${databaseFailure(error)}`)
    process.exit(1)
  },
)
