import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ServerProcess, serveNodeArgs, startServer } from './processes'
import { getOnce } from './request'

/** The service's connection cap in the benchmark: row (e) holds 1,100 idle connections against it. */
export const BENCH_MAX_CONNECTIONS = 1000

/** Response headers the ceiling does not copy from the service: Node writes its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

export interface ServerSetup {
  root: string
  workDir: string
  /** Names the dataset in process names and file names. */
  label: string
  /** A key made for this run; it goes in the Authorization header and nowhere else. */
  apiKey: string
  /** More keys the service accepts (row (d)'s rotating key). */
  otherKeys?: readonly string[]
}

export function authorization(apiKey: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}` }
}

/**
 * The real service (`server/main.ts`, with the Node options of `npm run serve`) on `datasetPath`, accepting only this run's key, with rate limiting
 * off. Its request log goes to a file in the work directory, so it costs the service what logging costs and
 * costs the load generator nothing.
 */
export async function startService(
  setup: ServerSetup,
  datasetPath: string,
  firstPagePath: string,
): Promise<ServerProcess & { logFile: string }> {
  const logFile = join(setup.workDir, `service-${setup.label}.log`)
  const service = await startServer({
    name: `service (${setup.label})`,
    script: 'server/main.ts',
    nodeArgs: serveNodeArgs(setup.root),
    cwd: setup.root,
    env: {
      ...process.env,
      CATALOGUE_API_KEYS: [setup.apiKey, ...(setup.otherKeys ?? [])].join(','),
      CATALOGUE_DATA: datasetPath,
      CATALOGUE_RATE_LIMIT: '0',
      CATALOGUE_RENDER_RATE: '0',
      CATALOGUE_PUBLIC_URL: '',
      CATALOGUE_MAX_CONNECTIONS: String(BENCH_MAX_CONNECTIONS),
    },
    stdoutFile: logFile,
    readyPath: firstPagePath,
    readyHeaders: authorization(setup.apiKey),
  })
  return Object.assign(service, { logFile })
}

/**
 * The ceiling for `service`: a bare `node:http` process that answers every request with the service's own
 * page-1 response (same body bytes, same headers). Also checks that the service is not rate limiting.
 */
export async function startCeiling(
  setup: ServerSetup,
  service: ServerProcess,
  firstPagePath: string,
): Promise<ServerProcess & { bodyBytes: number }> {
  const page1 = await getOnce(service.origin, firstPagePath, authorization(setup.apiKey))
  if (page1.status !== 200) throw new Error(`${firstPagePath} answered ${page1.status}.`)
  if ('ratelimit-limit' in page1.headers) {
    throw new Error('The service is rate limiting; the benchmark needs it off (CATALOGUE_RATE_LIMIT=0).')
  }
  const headers = Object.fromEntries(
    Object.entries(page1.headers).filter(
      ([name, value]) => !HOP_HEADERS.has(name) && typeof value === 'string',
    ),
  )
  const responseFile = join(setup.workDir, `ceiling-${setup.label}.json`)
  writeFileSync(responseFile, JSON.stringify({ headers, bodyBase64: page1.body.toString('base64') }))
  const ceiling = await startServer({
    name: `ceiling (${setup.label})`,
    script: 'bench/ceiling-server.ts',
    args: [responseFile],
    cwd: setup.root,
    env: process.env,
    stdoutFile: join(setup.workDir, `ceiling-${setup.label}.log`),
    readyPath: '/',
  })
  return Object.assign(ceiling, { bodyBytes: page1.body.length })
}
