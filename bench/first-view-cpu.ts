/**
 * `NODE_ENV=production npm run bench:first-view` (after `npm run build`): the service's CPU per uncached
 * rendered first view of a list (issue 22's groundwork, dist-server/entry-server.js), beside the CPU of the
 * JSON page it renders from, asked in process the same way, in the same run. Prints medians; writes nothing.
 */
import { join } from 'node:path'
import { buildApp } from '../server/app'
import { DEFAULT_DATASET_PATH, DEMO_KEY } from '../server/config'
import { loadDataset } from '../server/dataset/load'
import { createStore } from '../server/dataset/store'
import { FIRST_VIEW_ENTRY, loadFirstView } from '../server/plugins/first-view'

const RENDERS = 60
const WARM_UP = ['/locations', '/locations?page=2', '/episodes', '/locations/3']

const render = await loadFirstView(join(import.meta.dirname, '..', FIRST_VIEW_ENTRY))
if (!render) throw new Error(`No ${FIRST_VIEW_ENTRY}: run npm run build first.`)
const app = await buildApp({ store: createStore(loadDataset(DEFAULT_DATASET_PATH)), rateLimit: 0 })
const inProcess: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const headers = Object.fromEntries(new Headers(init?.headers))
  const answer = await app.inject({ method: 'GET', url, headers })
  return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode })
}
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const source = { fetch: inProcess, demoKey: DEMO_KEY }

for (const path of WARM_UP) await render(new Request(`http://bench.test${path}`), source)
// Distinct addresses, so that no answer comes from the service's answer cache twice: filtered lists and pages.
const letters = 'abcdefghijklmnopqrstuvwxyz'
const rendered: number[] = []
const json: number[] = []
for (let round = 0; round < RENDERS; round++) {
  const name = `${letters[round % 26]}${round >= 26 ? letters[(round * 7) % 26] : ''}`
  const path = round % 2 === 0 ? `/locations?name=${name}` : `/locations?page=${1 + (round % 7)}`
  let started = cpuMs()
  const view = await render(new Request(`http://bench.test${path}`), source)
  if (view.kind === 'page') rendered.push(cpuMs() - started)
  started = cpuMs()
  await app.inject({
    method: 'GET',
    url: `/v1/locations?name=${name}${round}`,
    headers: { authorization: `Bearer ${DEMO_KEY}` },
  })
  json.push(cpuMs() - started)
}
await app.close()
console.log(
  `NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}: median CPU per uncached rendered list page ${median(rendered).toFixed(2)} ms (${rendered.length} renders); per uncached JSON page, in process, ${median(json).toFixed(2)} ms (${json.length})`,
)
