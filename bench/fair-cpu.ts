/**
 * A light check of `npm run bench:service`'s row (f) alone: `npx tsx bench/fair-cpu.ts [rounds]`. Starts the
 * service on the 100,000-location dataset (made by `npm run bench:service` in $TMPDIR/catalogue-bench, or
 * generated here), then, each round, page 1 for one key for 6 s alone and 6 s while a second key asks for new
 * 500-id lists with br at 40 a second; prints both p99s and the service's peak memory. About a minute.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startIdLists } from './hostile-load'
import { ensureLargeDataset, LARGE_LOCATIONS } from './large-dataset'
import { drive } from './load'
import { memoryOf, stopServer } from './processes'
import { authorization, startService } from './servers'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WORK_DIR = join(tmpdir(), 'catalogue-bench')
const rounds = Number(process.argv[2] ?? '2')
mkdirSync(WORK_DIR, { recursive: true })
const apiKey = `bench-${randomBytes(12).toString('hex')}`
const other = `bench-other-${randomBytes(12).toString('hex')}`
const service = await startService(
  { root: ROOT, workDir: WORK_DIR, label: 'fair-cpu', apiKey, otherKeys: [other] },
  ensureLargeDataset(ROOT, WORK_DIR),
  '/v1/locations',
)
try {
  const settings = { connections: 10, duration: 6, headers: authorization(apiKey) }
  await drive(service.origin, ['/v1/locations'], { ...settings, duration: 2 })
  for (let round = 0; round < rounds; round++) {
    const alone = await drive(service.origin, ['/v1/locations'], settings)
    const lists = startIdLists(service.origin, other, LARGE_LOCATIONS)
    const beside = await drive(service.origin, ['/v1/locations'], settings)
    const { sent, failed } = await lists.stop()
    console.log(
      `page 1 alone: ${Math.round(alone.requestsPerSecond)} req/s p99 ${alone.p99.toFixed(1)} ms | beside new 500-id lists with br: ${Math.round(beside.requestsPerSecond)} req/s p99 ${beside.p99.toFixed(1)} ms (${sent} id-list requests, ${failed} failed)`,
    )
  }
  console.log(
    `Peak memory of the service (VmHWM): ${Math.round(memoryOf(service.child.pid as number).peakMb)} MB`,
  )
} finally {
  await stopServer(service)
}
