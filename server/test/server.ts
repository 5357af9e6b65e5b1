import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import {
  COLLECTIONS,
  type CollectionName,
  type Dataset,
  describeHoldings,
  pageCount,
} from '../../src/catalogue'
import { type BuildAppOptions, buildApp } from '../app'
import { precompressDirectory } from '../build/precompress'
import { LiveCatalogue } from '../catalogue/live-catalogue'
import type { CollectionSource } from '../catalogue/source'
import { DEFAULT_DATASET_PATH, DEMO_KEY } from '../config'
import { loadDataset } from '../dataset/load'
import { createStore } from '../dataset/store'
import { checkRecordedAnswers, recordAnswer } from './openapi-check'
import { freshDatabase, loadInto, onPostgres, openCatalogue } from './postgres'

/** The shipped dataset, loaded once per test file. */
export const shippedDataset: Dataset = loadDataset(DEFAULT_DATASET_PATH)

/** A dataset holding these records, and none of every other collection. */
export function datasetWith(records: Partial<Dataset>): Dataset {
  return { ...Object.fromEntries(COLLECTIONS.map(({ name }) => [name, []])), ...records } as Dataset
}

/** What a snapshot of a catalogue holding these many records says and reads: its summary, pages and records. */
export function snapshotOf(counts: Partial<Record<CollectionName, number>>) {
  const each = COLLECTIONS.map(({ name, labels }) => ({ labels, count: counts[name] ?? 0 }))
  return {
    holdings: describeHoldings(each),
    pages: each.reduce((sum, { count }) => sum + Math.max(1, pageCount(count)), 0),
    records: each.reduce((sum, { count }) => sum + count, 0),
  }
}

/** One parsed log line (contract §10's fields for requests; `msg` and friends for other lines). */
export type LogEntry = Record<string, unknown> & {
  msg?: string
  status?: number
  method?: string
  path?: string
}

export const parseLog = (lines: readonly string[]): LogEntry[] =>
  lines.map((line) => JSON.parse(line) as LogEntry)

export interface TestServer {
  /** `http://127.0.0.1:<port>`: the public base when none is configured. */
  origin: string
  app: FastifyInstance
  /** The JSON log lines written so far. */
  logs: string[]
  /** fetch relative to the server; `key` defaults to the demo key, `null` sends no Authorization. */
  get(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>
}

/**
 * What a test service serves: `dataset` (the shipped one by default) from the store under test, or `store`;
 * `sources` stands between the service and each collection's source (to hold its reads, say).
 */
export type TestServiceOptions = Partial<BuildAppOptions> & {
  dataset?: Dataset
  sources?: (source: CollectionSource) => CollectionSource
}

/**
 * The catalogue a test service serves: in memory, or, in the `postgres` test project, loaded into a database of
 * its own and read as the service reads PostgreSQL; the same suites then check both stores.
 */
async function storeFor(options: TestServiceOptions): Promise<BuildAppOptions['store']> {
  const store = await storeOn(options)
  const { sources } = options
  if (!sources) return store
  const { current } = store instanceof LiveCatalogue ? store : new LiveCatalogue(store)
  const collections = current.collections.map((collection) => sources(current.collection(collection.name)))
  return new LiveCatalogue(
    { collections, contentVersion: current.contentVersion },
    current.version,
    current.since,
  )
}

async function storeOn({ store, dataset = shippedDataset }: TestServiceOptions) {
  if (store) return store
  if (!onPostgres) return createStore(dataset)
  const url = await freshDatabase()
  await loadInto(url, dataset)
  return (await openCatalogue(url)).live
}

/**
 * A catalogue of `dataset` on the store under test that can be opened again as a restarted service opens it:
 * the same file read again, or the same database.
 */
export async function reopenableStore(dataset: Dataset) {
  if (!onPostgres) return { open: async () => createStore(dataset) }
  const url = await freshDatabase()
  await loadInto(url, dataset)
  return { open: async () => (await openCatalogue(url)).live }
}

/** Starts the service on an ephemeral port before the file's tests and stops it after. */
export function serveForTests(options: TestServiceOptions = {}): TestServer {
  const server = { logs: [] as string[] } as TestServer
  beforeAll(async () => {
    const { dataset: _dataset, sources: _sources, ...appOptions } = options
    server.app = await buildApp({
      rateLimit: 0,
      log: { write: (line: string) => void server.logs.push(line) },
      ...appOptions,
      // A render's deadline is the machine's speed: a busy one must not turn a test's page into the app shell.
      renderLimits: { deadlineMs: 60_000, ...appOptions.renderLimits },
      store: await storeFor(options),
    })
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' })
    server.origin = address
    server.get = async (path, init = {}) => {
      const { key = DEMO_KEY, headers, ...rest } = init
      const allHeaders = new Headers(headers)
      if (key !== null && !allHeaders.has('authorization')) allHeaders.set('authorization', `Bearer ${key}`)
      const response = await fetch(`${address}${path}`, { ...rest, headers: allHeaders })
      // A stream's CSV or NDJSON is left to the test to read (or not): only its headers are checked.
      const json = response.headers.get('content-type')?.startsWith('application/json') ?? true
      recordAnswer({
        method: rest.method ?? 'GET',
        target: path,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: json ? await response.clone().text() : '',
      })
      return response
    }
  })
  afterAll(async () => {
    await server.app.close()
    // Every answer this file's tests received from the API, checked against the OpenAPI document.
    checkRecordedAnswers()
  })
  return server
}

export async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error: string }
  return body.error
}

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** Header names and values as sent, repeats included. */
  rawHeaders: string[]
  body: Buffer
}

/**
 * A request through node:http, which (unlike fetch) sends the path exactly as written (absolute-form, odd
 * encodings) and leaves Content-Encoding and repeated headers for the test to see.
 */
export function rawRequest(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(origin)
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const answer = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }
        recordAnswer({
          method,
          target: path,
          status: answer.status,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
          ),
          body: decoded(answer.body, res.headers['content-encoding']).toString(),
        })
        resolve(answer)
      })
    })
    req.on('error', reject)
    req.end()
  })
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  return body
}

/** Sends bytes as they are (latin1) on a new connection and returns everything the server wrote back. */
export function rawExchange(origin: string, bytes: string): Promise<string> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes, 'latin1'))
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1')
    })
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** The stylesheet `fakeBuiltApp`'s index.html links, in its assets folder. */
export const FAKE_STYLESHEET = 'style-Mn34Op56.css'

/**
 * A small stand-in for the built explorer (`dist/`): index.html linking its stylesheet, hashed assets (one
 * large, precompressed as the build does), robots.txt, and build output that must not be served (a source
 * map, Vite's manifest, a dot file).
 */
export function fakeBuiltApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'catalogue-dist-'))
  afterAll(() => rmSync(dist, { recursive: true, force: true }))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>Explorer</title><link rel="stylesheet" crossorigin href="/assets/${FAKE_STYLESHEET}"><div id="root"></div>`,
  )
  writeFileSync(join(dist, 'assets', FAKE_STYLESHEET), '.list-page{display:grid;gap:1rem}')
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")')
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":["src/main.tsx"]}')
  writeFileSync(
    join(dist, 'assets', 'large-Ef56Gh78.js'),
    `export const words = ${JSON.stringify('word '.repeat(20_000))}`,
  )
  writeFileSync(join(dist, 'assets', 'unprecompressed-Ij90Kl12.js'), `// ${'text '.repeat(20_000)}`)
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-Ab12Cd34.js"}}')
  writeFileSync(join(dist, '.env'), 'SECRET=1')
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n')
  precompressDirectory(dist)
  rmSync(join(dist, 'assets', 'unprecompressed-Ij90Kl12.js.br'))
  rmSync(join(dist, 'assets', 'unprecompressed-Ij90Kl12.js.gz'))
  return dist
}
