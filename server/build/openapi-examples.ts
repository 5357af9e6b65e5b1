import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { COLLECTIONS, type Dataset, pageCount } from '../../src/catalogue'
import { CHARACTERS_PATH, relatedPath } from '../../src/catalogue/characters/parameters'
import { exampleKey } from '../../src/catalogue/openapi'
import { SEARCH_PATH } from '../../src/catalogue/search/parameters'
import { buildApp } from '../app'
import { StoreUnavailableError } from '../catalogue/errors'
import { LiveCatalogue } from '../catalogue/live-catalogue'
import type { CatalogueContent, CollectionSource } from '../catalogue/source'
import { DEMO_KEY } from '../config'
import { createStore } from '../dataset/store'

/** Where the OpenAPI document's examples live: the service serves them, the /api page shows them. */
export const EXAMPLES_PATH = fileURLToPath(
  new URL('../../src/catalogue/openapi-examples.json', import.meta.url),
)

/** The public base the examples are written for. */
export const EXAMPLES_PUBLIC_URL = 'https://catalogue.example.com'

/** A request whose real answer is an example. */
export interface ExampleRequest {
  path: string
  method?: string
  /** null: no Authorization header. */
  key?: null
  /** Sent to a service limited to one request a second until it answers 429. */
  exhaust?: boolean
  /** Other headers sent. */
  headers?: Record<string, string>
  /** Sent to a service whose store cannot answer in time (a database that does not answer). */
  unavailable?: boolean
}

/** Filters of the shipped catalogue that make short lists worth reading: a literal `(`, an accent. */
const SHORT_LISTS: { readonly [collection: string]: string } = {
  locations: '?name=earth%20(',
  episodes: '?name=caf%C3%A9',
}

/** The request behind every example of the document, by example key (several named ones for "one or many"). */
export function exampleRequests(dataset: Dataset): Record<string, ExampleRequest | NamedRequests> {
  const requests: Record<string, ExampleRequest | NamedRequests> = {}
  const records: { readonly [name: string]: readonly { id: number; name: string }[] } = dataset
  for (const { name, listPath, itemPath } of COLLECTIONS) {
    const held = records[name] ?? []
    // A short list: a filter that shows what "contains" means, or the whole name of the first record.
    const short = SHORT_LISTS[name] ?? `?name=${encodeURIComponent(held[0]?.name ?? '')}`
    const beyond = Math.max(99, pageCount(held.length) + 1)
    const unknownId = Math.max(99999, ...held.map(({ id }) => id + 1))
    const item = `${itemPath}/{ids}`
    Object.assign(requests, {
      [exampleKey('GET', listPath, 200)]: { path: `${listPath}${short}` },
      [exampleKey('GET', listPath, 400)]: { path: `${listPath}?page=0` },
      [exampleKey('GET', listPath, 401)]: { path: listPath, key: null },
      [exampleKey('GET', listPath, 404)]: { path: `${listPath}?page=${beyond}` },
      [exampleKey('GET', listPath, 412)]: {
        path: `${listPath}?_export=ndjson&_after=1`,
        headers: { 'if-match': '"a-stream-of-another-catalogue"' },
      },
      [exampleKey('GET', listPath, 429)]: { path: listPath, exhaust: true },
      [exampleKey('GET', listPath, 503)]: { path: listPath, unavailable: true },
      [exampleKey('GET', item, 200)]: {
        one: { path: `${itemPath}/3` },
        many: { path: `${itemPath}/[2,1]` },
      },
      [exampleKey('GET', item, 400)]: { path: `${itemPath}/abc` },
      [exampleKey('GET', item, 401)]: { path: `${itemPath}/3`, key: null },
      [exampleKey('GET', item, 404)]: { path: `${itemPath}/${unknownId}` },
      [exampleKey('GET', item, 429)]: { path: `${itemPath}/3`, exhaust: true },
      [exampleKey('GET', item, 503)]: { path: `${itemPath}/3`, unavailable: true },
    })
  }
  Object.assign(requests, {
    [exampleKey('GET', SEARCH_PATH, 200)]: {
      page: { path: `${SEARCH_PATH}?q=caf%C3%A9%20m%C3%BCller&_facet=collection` },
      groups: { path: `${SEARCH_PATH}?q=cafe&limit=2` },
    },
    [exampleKey('GET', SEARCH_PATH, 400)]: { path: `${SEARCH_PATH}?q=cafe&limit=0` },
    [exampleKey('GET', SEARCH_PATH, 401)]: { path: `${SEARCH_PATH}?q=cafe`, key: null },
    [exampleKey('GET', SEARCH_PATH, 404)]: { path: `${SEARCH_PATH}?q=cafe&page=99` },
    [exampleKey('GET', SEARCH_PATH, 429)]: { path: `${SEARCH_PATH}?q=cafe`, exhaust: true },
  })
  const characters = `${CHARACTERS_PATH}/{ids}`
  Object.assign(requests, {
    [exampleKey('GET', CHARACTERS_PATH, 200)]: {
      path: `${CHARACTERS_PATH}?episodes__gte=3&_sort_desc=episodes&_facet=season&_facet_bins=episodes`,
    },
    [exampleKey('GET', CHARACTERS_PATH, 400)]: { path: `${CHARACTERS_PATH}?_sort=name` },
    [exampleKey('GET', CHARACTERS_PATH, 401)]: { path: CHARACTERS_PATH, key: null },
    [exampleKey('GET', CHARACTERS_PATH, 404)]: { path: `${CHARACTERS_PATH}?page=999` },
    [exampleKey('GET', CHARACTERS_PATH, 429)]: { path: CHARACTERS_PATH, exhaust: true },
    [exampleKey('GET', CHARACTERS_PATH, 503)]: { path: CHARACTERS_PATH, unavailable: true },
    [exampleKey('GET', characters, 200)]: {
      one: { path: `${CHARACTERS_PATH}/228` },
      many: { path: `${CHARACTERS_PATH}/[228,75]` },
    },
    [exampleKey('GET', characters, 400)]: { path: `${CHARACTERS_PATH}/abc` },
    [exampleKey('GET', characters, 401)]: { path: `${CHARACTERS_PATH}/228`, key: null },
    [exampleKey('GET', characters, 404)]: { path: `${CHARACTERS_PATH}/99999` },
    [exampleKey('GET', characters, 429)]: { path: `${CHARACTERS_PATH}/228`, exhaust: true },
    [exampleKey('GET', characters, 503)]: { path: `${CHARACTERS_PATH}/228`, unavailable: true },
  })
  for (const collection of COLLECTIONS)
    for (const other of COLLECTIONS) {
      if (other === collection) continue
      const template = relatedPath(collection.itemPath, '{id}', other.name)
      const of = (id: number | string) => `${collection.itemPath}/${id}/${other.name}`
      Object.assign(requests, {
        [exampleKey('GET', template, 200)]: { path: of(31) },
        [exampleKey('GET', template, 400)]: { path: of('1,2') },
        [exampleKey('GET', template, 401)]: { path: of(31), key: null },
        [exampleKey('GET', template, 404)]: { path: of(99999) },
        [exampleKey('GET', template, 429)]: { path: of(31), exhaust: true },
        [exampleKey('GET', template, 503)]: { path: of(31), unavailable: true },
      })
    }
  const anyPath = COLLECTIONS[0].listPath
  Object.assign(requests, {
    [exampleKey('*', '*', 400)]: { path: `${anyPath}/%E0%A4%A`, method: 'DELETE' },
    [exampleKey('*', '*', 401)]: { path: anyPath, method: 'POST', key: null },
    [exampleKey('*', '*', 405)]: { path: anyPath, method: 'POST' },
    [exampleKey('*', '*', 429)]: { path: anyPath, method: 'POST', exhaust: true },
  })
  return requests
}

/** Several named examples of one answer (a record, or several): `{ one: …, many: … }`. */
type NamedRequests = { [name: string]: ExampleRequest }
const isNamed = (request: ExampleRequest | NamedRequests): request is NamedRequests =>
  Object.values(request).every((value) => typeof value === 'object')

type Answer = { status: number; body: unknown }

/** The catalogue of a store whose every read fails as a database past its deadline does. */
function unavailableContent(content: CatalogueContent): CatalogueContent {
  const refuse = () => Promise.reject(new StoreUnavailableError())
  return {
    collections: content.collections.map(
      (source): CollectionSource => ({
        collection: source.collection,
        count: source.count,
        slice: refuse,
        atPositions: refuse,
        withIds: refuse,
        match: refuse,
        prepareViews: () => undefined,
        answersViews: true,
        answerView: refuse,
        streamOrder: refuse,
        positionAfter: refuse,
      }),
    ),
    contentVersion: content.contentVersion,
    characters: { list: refuse, characters: refuse, related: refuse },
  }
}

/**
 * The examples of the OpenAPI document: the real answer of a service holding `dataset` to each example's
 * request, asked over HTTP on a loopback port. An answer whose status is not its key's stops it.
 */
export async function captureExamples(dataset: Dataset): Promise<Record<string, unknown>> {
  const store = createStore(dataset)
  const open = await buildApp({ store, rateLimit: 0, publicUrl: EXAMPLES_PUBLIC_URL })
  const limited = await buildApp({ store, rateLimit: 1, publicUrl: EXAMPLES_PUBLIC_URL })
  const failing = await buildApp({
    store: new LiveCatalogue(unavailableContent(store)),
    rateLimit: 0,
    publicUrl: EXAMPLES_PUBLIC_URL,
  })
  try {
    const origins = {
      open: await open.listen({ port: 0, host: '127.0.0.1' }),
      limited: await limited.listen({ port: 0, host: '127.0.0.1' }),
      failing: await failing.listen({ port: 0, host: '127.0.0.1' }),
    }
    const ask = async (request: ExampleRequest): Promise<Answer> => {
      const headers: Record<string, string> = {
        ...request.headers,
        ...(request.key === null ? {} : { authorization: `Bearer ${DEMO_KEY}` }),
      }
      const send = () =>
        fetch(
          `${request.exhaust ? origins.limited : request.unavailable ? origins.failing : origins.open}${request.path}`,
          {
            method: request.method ?? 'GET',
            headers,
          },
        )
      let response = await send()
      for (let attempt = 0; request.exhaust && response.status !== 429 && attempt < 10; attempt++)
        response = await send()
      return { status: response.status, body: await response.json() }
    }
    const captured: Record<string, unknown> = {}
    for (const [key, request] of Object.entries(exampleRequests(dataset))) {
      const status = Number(key.split(' ').at(-1))
      const check = (answer: Answer, request: ExampleRequest) => {
        if (answer.status !== status)
          throw new Error(
            `${request.method ?? 'GET'} ${request.path} answered ${answer.status}, not ${status}.`,
          )
        return answer.body
      }
      if (isNamed(request)) {
        const named: Record<string, unknown> = {}
        for (const [name, each] of Object.entries(request)) named[name] = check(await ask(each), each)
        captured[key] = named
      } else captured[key] = check(await ask(request), request)
    }
    return captured
  } finally {
    await Promise.all([open.close(), limited.close(), failing.close()])
  }
}

/** The examples as their file holds them. */
export const formatExamples = (examples: Record<string, unknown>) => `${JSON.stringify(examples, null, 2)}\n`

/** Rewrites the examples' file from a service holding `dataset` (the generator does, with the shipped one). */
export async function writeExamples(dataset: Dataset, path = EXAMPLES_PATH): Promise<void> {
  writeFileSync(path, formatExamples(await captureExamples(dataset)))
}
