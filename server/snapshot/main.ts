/**
 * Snapshot: any catalogue service into a dataset file that `CATALOGUE_DATA` can serve.
 *
 *   npm run snapshot -- --from https://catalogue.example.com --out catalogue.json   (key in CATALOGUE_API_KEY)
 */
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { COLLECTIONS, describeHoldings } from '../../src/catalogue'
import { type Clock, type CrawlLimits, isCrawlError } from '../../src/crawler'
import { readDatasetLimit } from '../config'
import { formatDataset } from '../data/generate'
import { type ProgressOutput, progressReporter } from './progress'
import { takeSnapshot } from './snapshot'
import { SnapshotError } from './to-dataset'
import { WriteError, writeFileAtomically } from './write-atomically'

export const USAGE = `Usage: npm run snapshot -- --from <base URL> --out <file> [--key <key>]

Reads every location and episode of a catalogue service and writes them as a dataset
file (contract section 9) that the service serves with CATALOGUE_DATA=<file>.

  --from <URL>   the service's base address, such as https://catalogue.example.com
  --key <key>    its API key; better, set CATALOGUE_API_KEY, which keeps the key off
                 the command line and out of the shell's history
  --out <file>   the dataset file to write; it is replaced only once the snapshot is
                 complete, never left half written
  --help         print this text

Progress goes to stderr; the summary line to stdout. Exit status 0 on success,
1 when the snapshot failed, 2 for a usage error.
`

export interface SnapshotIo {
  stdout: { write(text: string): unknown }
  stderr: ProgressOutput
  fetch?: typeof fetch
  signal?: AbortSignal
  /** Time for the crawler's pauses (tests only). */
  clock?: Clock
  /** Where the temporary file is opened (tests only). */
  openTemp?: Parameters<typeof writeFileAtomically>[2]
  /** The crawl's limits (tests only; the defaults are documented in docs/crawler.md). */
  limits?: Partial<CrawlLimits>
}

/** Runs the command; returns the exit status. Every failure is one sentence on stderr, never with the key. */
export async function runSnapshot(
  argv: readonly string[],
  environment: Record<string, string | undefined>,
  io: SnapshotIo,
): Promise<number> {
  let values: { from?: string; key?: string; out?: string; help?: boolean }
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string' },
        key: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    return usageError(io, (error as Error).message.split('\n')[0] ?? 'Unknown option.')
  }
  if (values.help) {
    io.stdout.write(USAGE)
    return 0
  }
  const from = values.from?.trim() ?? ''
  const out = values.out?.trim() ?? ''
  const key = values.key ?? environment.CATALOGUE_API_KEY ?? ''
  if (!from) return usageError(io, 'Give the service to read with --from <base URL>.')
  if (!isServiceAddress(from)) {
    return usageError(
      io,
      '--from must be an http or https address without credentials, query or fragment, such as https://catalogue.example.com.',
    )
  }
  if (!out) return usageError(io, 'Give the file to write with --out <file>.')
  if (!key.trim()) return usageError(io, 'Give the API key with --key <key> or in CATALOGUE_API_KEY.')
  let maxBytes: number
  try {
    maxBytes = readDatasetLimit(environment).bytes
  } catch (error) {
    return usageError(io, (error as Error).message)
  }

  const say = (text: string) => io.stderr.write(`${text.split(key).join('[key]')}\n`)
  const reporter = progressReporter(io.stderr)
  try {
    const { dataset, summary } = await takeSnapshot({
      from,
      apiKey: key,
      maxBytes,
      fetch: io.fetch,
      signal: io.signal,
      clock: io.clock,
      limits: io.limits,
      onProgress: (progress) => reporter.update(progress),
    })
    reporter.finish()
    await writeFileAtomically(out, formatDataset(dataset), io.openTemp)
    io.stdout.write(
      `Wrote ${describeHoldings(COLLECTIONS.map(({ name, labels }) => ({ labels, count: dataset[name].length })))} from ${from} to ${out} (${summary.requests} requests in ${(summary.elapsedMs / 1000).toFixed(1)} s).\n`
        .split(key)
        .join('[key]'),
    )
    return 0
  } catch (error) {
    reporter.finish()
    say(failureSentence(error, from, io.signal))
    return 1
  }
}

function failureSentence(error: unknown, from: string, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return 'Snapshot cancelled; nothing was written.'
  if (isCrawlError(error)) {
    if (error.kind === 'unauthorized') return `The service at ${from} refused the API key (${error.status}).`
    return `Snapshot of ${from} failed: ${error.message}`
  }
  if (error instanceof SnapshotError || error instanceof WriteError) return error.message
  return `Snapshot of ${from} failed unexpectedly: ${error instanceof Error ? error.name : 'unknown error'}.`
}

function usageError(io: SnapshotIo, sentence: string): number {
  io.stderr.write(`${sentence}\nRun with --help for usage.\n`)
  return 2
}

function isServiceAddress(text: string): boolean {
  if (/[?#]/.test(text) || !URL.canParse(text)) return false
  const url = new URL(text)
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  process.once('SIGTERM', () => controller.abort())
  process.exitCode = await runSnapshot(process.argv.slice(2), process.env, {
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal,
  })
}
