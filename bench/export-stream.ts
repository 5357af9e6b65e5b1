import { request } from 'node:http'
import { STREAM_RECORDS_HEADER } from '../src/catalogue/views/stream'
import type { LoadSettings } from './load'
import { memoryOf, type ServerProcess } from './processes'
import type { Run } from './report'

/** Row (k)'s stream: every location as CSV, as the explorer's Export CSV asks for it (here without compression). */
export const EXPORT_PATH = '/v1/locations?_export=csv'

/** One export of row (k): when its first byte and its last came, how many bytes and records it held. */
export interface ExportSample {
  firstByteMs: number
  wholeMs: number
  bytes: number
  records: number
}

/** Row (k)'s measurements: page 1's runs beside the exports, every export, the service's RSS growth. */
export interface ExportRuns {
  runs: Run[]
  exports: ExportSample[]
  /**
   * The most the service's resident memory grew during one export alone above where it stood before it, over
   * the rounds (MB): what a stream costs.
   */
  rssGrowthMb: number
  /** The same while page 1 was driven beside the exports (its own garbage included; reported, no target). */
  rssGrowthBesideMb: number
}

/** One export, timed from the request to its first byte of body and to its last. */
function exportOnce(origin: string, key: string): Promise<ExportSample> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let firstByteMs = Number.NaN
    let bytes = 0
    const outgoing = request(
      `${origin}${EXPORT_PATH}`,
      { headers: { authorization: `Bearer ${key}` } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume()
          reject(new Error(`${EXPORT_PATH} answered ${response.statusCode}`))
          return
        }
        const records = Number(response.headers[STREAM_RECORDS_HEADER.toLowerCase()])
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started
          bytes += chunk.length
        })
        response.on('end', () =>
          resolve({ firstByteMs, wholeMs: performance.now() - started, bytes, records }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** The peak of the service's resident memory (sampled every 20 ms) while `work` runs, above where it stood. */
async function rssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = memoryOf(pid).currentMb
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).currentMb)
  }, 20)
  try {
    return { result: await work(), growthMb: peak - before }
  } finally {
    clearInterval(sampler)
  }
}

/**
 * Row (k): each round, one export alone (the service's memory sampled against where it stood before it), then
 * page 1 for one key while a second key exports every location as CSV, one stream after another for the whole
 * run (contract §11, fair CPU: the stream yields between its chunks). A first export before the rounds makes
 * the one-off costs of the first stream part of the warm-up.
 */
export async function measureExports(
  service: ServerProcess,
  exportKey: string,
  page1: readonly string[],
  settings: LoadSettings,
  rounds: number,
  timed: (paths: readonly string[], settings: LoadSettings) => Promise<Run>,
): Promise<ExportRuns> {
  const pid = service.child.pid as number
  const runs: Run[] = []
  const exports: ExportSample[] = []
  let rssGrowthMb = 0
  let rssGrowthBesideMb = 0
  await exportOnce(service.origin, exportKey)
  for (let round = 0; round < rounds; round++) {
    const alone = await rssGrowth(pid, () => exportOnce(service.origin, exportKey))
    exports.push(alone.result)
    rssGrowthMb = Math.max(rssGrowthMb, alone.growthMb)
    let running = true
    const beside = await rssGrowth(pid, async () => {
      const exporting = (async () => {
        while (running) exports.push(await exportOnce(service.origin, exportKey))
      })()
      const run = await timed(page1, settings)
      running = false
      await exporting
      return run
    })
    runs.push(beside.result)
    rssGrowthBesideMb = Math.max(rssGrowthBesideMb, beside.growthMb)
    const run = beside.result
    const last = exports.at(-1)
    console.log(
      `  round ${round + 1}/${rounds}  (k) page 1 beside CSV exports    ${Math.round(run.requestsPerSecond).toString().padStart(6)} req/s  p99 ${run.p99.toFixed(2)} ms  (export: first byte ${last?.firstByteMs.toFixed(0)} ms, whole ${last?.wholeMs.toFixed(0)} ms, ${last?.records} records, ${((last?.bytes ?? 0) / 1e6).toFixed(1)} MB; RSS +${alone.growthMb.toFixed(1)} MB alone, +${beside.growthMb.toFixed(1)} MB beside page 1)`,
    )
  }
  return { runs, exports, rssGrowthMb, rssGrowthBesideMb }
}
