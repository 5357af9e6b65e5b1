import { describe, expect, it } from 'vitest'
import { COLLECTIONS } from '../../src/catalogue'
import { exampleKey, OPENAPI_PATH, openApiDocument } from '../../src/catalogue/openapi'
import examples from '../../src/catalogue/openapi-examples.json'
import {
  answerProblems,
  answersWithoutExample,
  document,
  documentProblems,
  exampleProblems,
} from '../test/openapi-check'
import { serveForTests } from '../test/server'

const PUBLIC_URL = 'https://catalogue.example.com'
const service = serveForTests({ publicUrl: PUBLIC_URL })
const limited = serveForTests({ publicUrl: PUBLIC_URL, rateLimit: 1 })

interface ExampleRequest {
  path: string
  method?: string
  /** null: no Authorization header. */
  key?: null
  /** Sent to the rate-limited service until it answers 429. */
  exhaust?: boolean
}

/** The request whose real answer is each example of the document. */
function exampleRequests(): Record<string, ExampleRequest | Record<string, ExampleRequest>> {
  const requests: Record<string, ExampleRequest | Record<string, ExampleRequest>> = {}
  const smallList = { locations: '?name=earth%20(', episodes: '?name=caf%C3%A9' }
  for (const { name, listPath, itemPath } of COLLECTIONS) {
    const item = `${itemPath}/{ids}`
    Object.assign(requests, {
      [exampleKey('GET', listPath, 200)]: { path: `${listPath}${smallList[name]}` },
      [exampleKey('GET', listPath, 400)]: { path: `${listPath}?page=0` },
      [exampleKey('GET', listPath, 401)]: { path: listPath, key: null },
      [exampleKey('GET', listPath, 404)]: { path: `${listPath}?page=99` },
      [exampleKey('GET', listPath, 429)]: { path: listPath, exhaust: true },
      [exampleKey('GET', item, 200)]: {
        one: { path: `${itemPath}/3` },
        many: { path: `${itemPath}/[2,1]` },
      },
      [exampleKey('GET', item, 400)]: { path: `${itemPath}/abc` },
      [exampleKey('GET', item, 401)]: { path: `${itemPath}/3`, key: null },
      [exampleKey('GET', item, 404)]: { path: `${itemPath}/99999` },
      [exampleKey('GET', item, 429)]: { path: `${itemPath}/3`, exhaust: true },
    })
  }
  Object.assign(requests, {
    [exampleKey('*', '*', 400)]: { path: '/v1/locations/%E0%A4%A', method: 'DELETE' },
    [exampleKey('*', '*', 401)]: { path: '/v1/locations', method: 'POST', key: null },
    [exampleKey('*', '*', 405)]: { path: '/v1/locations', method: 'POST' },
    [exampleKey('*', '*', 429)]: { path: '/v1/locations', method: 'POST', exhaust: true },
  })
  return requests
}

async function answerTo(request: ExampleRequest, status: number): Promise<unknown> {
  const init = { method: request.method ?? 'GET', ...(request.key === null ? { key: null } : {}) }
  let response = await (request.exhaust ? limited : service).get(request.path, init)
  for (let attempt = 0; request.exhaust && response.status !== 429 && attempt < 10; attempt++)
    response = await limited.get(request.path, init)
  expect(response.status, `${init.method} ${request.path}`).toBe(status)
  return response.json()
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, and every example fits the schema beside it', async () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    expect(await documentProblems()).toEqual([])
    expect(exampleProblems()).toEqual([])
  })

  it('describes the four endpoints, their parameters, the Bearer scheme and every refusal', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { parameters?: { name: string }[]; responses: object }>
    >
    expect(Object.keys(paths).sort()).toEqual([
      '/v1/episodes/',
      '/v1/episodes/{ids}',
      '/v1/locations',
      '/v1/locations/{ids}',
    ])
    expect(paths['/v1/locations']?.get?.parameters?.map((p) => p.name)).toEqual([
      'page',
      'name',
      'type',
      'dimension',
      undefined, // If-None-Match, by reference
    ])
    expect(paths['/v1/episodes/']?.get?.parameters?.map((p) => p.name)).toEqual([
      'page',
      'name',
      'episode',
      undefined,
    ])
    expect(Object.keys(paths['/v1/episodes/{ids}']?.get?.responses ?? {})).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '429',
    ])
    expect(Object.keys(paths['/v1/episodes/{ids}']?.post?.responses ?? {})).toEqual([
      '400',
      '401',
      '405',
      '429',
    ])
    expect(document.components).toMatchObject({
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    })
  })

  it('has one example per answer with a body, each the real answer of the service to a request', async () => {
    const captured: Record<string, unknown> = {}
    for (const [key, request] of Object.entries(exampleRequests())) {
      const status = Number(key.split(' ').at(-1))
      if ('path' in request) captured[key] = await answerTo(request as ExampleRequest, status)
      else {
        const named: Record<string, unknown> = {}
        for (const [name, each] of Object.entries(request)) named[name] = await answerTo(each, status)
        captured[key] = named
      }
    }
    // After a deliberate change of an answer: `npx vitest run server/operations/openapi.test.ts -u` rewrites the file.
    await expect(`${JSON.stringify(captured, null, 2)}\n`).toMatchFileSnapshot(
      '../../src/catalogue/openapi-examples.json',
    )
    expect(Object.keys(captured).sort()).toEqual(Object.keys(examples).sort())
    expect(answersWithoutExample()).toEqual([])
  })

  it('fits the answers without a body too: HEAD, 304 and the preflight', async () => {
    for (const path of [
      '/v1/locations',
      '/v1/locations/',
      '/v1/episodes/',
      '/v1/episodes/1,2',
      '/v1/locations/7',
    ]) {
      const first = await service.get(path, { method: 'HEAD' })
      expect(first.status).toBe(200)
      const etag = first.headers.get('etag') as string
      const again = await service.get(path, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      const preflight = await service.get(path, {
        method: 'OPTIONS',
        key: null,
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(204)
    }
  })

  it('catches an answer that drifted from it', () => {
    const base = {
      method: 'GET',
      target: '/v1/locations/3',
      headers: { 'content-type': 'application/json', etag: '"x"' },
    }
    const location = examples['GET /v1/locations/{ids} 200'].one
    expect(answerProblems({ ...base, status: 200, body: JSON.stringify(location) })).toEqual([])
    expect(
      answerProblems({ ...base, status: 200, body: JSON.stringify({ ...location, extra: 1 }) })?.[0],
    ).toMatch(/additional properties/)
    expect(
      answerProblems({
        ...base,
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(location),
      }),
    ).toEqual(['GET /v1/locations/3 → 200: header ETag missing'])
    expect(answerProblems({ ...base, status: 418, body: '{}' })).toEqual([
      'GET /v1/locations/3 → 418: status not documented',
    ])
    expect(answerProblems({ ...base, status: 401, body: '{"error":"x"}' })).toEqual([
      'GET /v1/locations/3 → 401: header WWW-Authenticate missing',
    ])
    expect(answerProblems({ ...base, target: '/elsewhere', status: 200, body: '' })).toBeNull()
  })

  it('names the configured public address as its server, and relative addresses without one', () => {
    expect(openApiDocument({ examples, serverUrl: PUBLIC_URL }).servers).toEqual([{ url: PUBLIC_URL }])
    expect(openApiDocument({ examples }).servers).toEqual([{ url: '/' }])
  })

  it(`is served at ${OPENAPI_PATH} without a key, with CORS, and equal to the generated document`, async () => {
    const response = await service.get(OPENAPI_PATH, {
      key: null,
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual(openApiDocument({ examples, serverUrl: PUBLIC_URL }))
  })
})
