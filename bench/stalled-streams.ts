/**
 * `npx tsx bench/stalled-streams.ts [N]`: the memory that N streams whose clients stop reading cost the service
 * (default 16, the cap of open streams: past it the others are refused).
 * Starts the service in demo mode on the 100,000-location dataset, opens N CSV exports, each from a loopback
 * address of its own, reads their first bytes and stops; prints the service's resident memory before and every
 * 5 s for 15 s. What chose the cap (docs/decisions.md, "Slow readers").
 */
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { DEMO_KEY } from '../server/config'
import { ensureLargeDataset } from './large-dataset'
import { memoryOf, serveNodeArgs, startServer, stopServer } from './processes'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const streams = Number(process.argv[2] ?? 16)
const file = ensureLargeDataset(ROOT, '/tmp/catalogue-bench')
const headers = { authorization: `Bearer ${DEMO_KEY}` }
const server = await startServer({
  name: 'stalled-streams',
  script: 'server/main.ts',
  nodeArgs: serveNodeArgs(ROOT),
  cwd: ROOT,
  env: {
    ...process.env,
    CATALOGUE_DATA: file,
    CATALOGUE_FIRST_VIEW: 'off',
  },
  stdoutFile: '/tmp/catalogue-bench/stalled-streams.log',
  readyPath: '/v1/locations',
  readyHeaders: headers,
})
const pid = server.child.pid as number
const mb = () => `${Math.round(memoryOf(pid).currentMb)} MB`
console.log(`${streams} stalled streams; before: ${mb()}`)
await Promise.all(
  Array.from(
    { length: streams },
    (_, n) =>
      new Promise<void>((resolve) => {
        const outgoing = request(
          `${server.origin}/v1/locations?_export=csv`,
          { headers, localAddress: `127.0.2.${n + 1}` },
          (response) => {
            response.once('data', () => {
              response.pause()
              resolve()
            })
          },
        )
        outgoing.on('error', () => resolve())
        outgoing.end()
      }),
  ),
)
for (let seconds = 5; seconds <= 15; seconds += 5) {
  await new Promise((resolve) => setTimeout(resolve, 5_000))
  console.log(`${seconds} s: ${mb()}`)
}
await stopServer(server)
process.exit(0)
