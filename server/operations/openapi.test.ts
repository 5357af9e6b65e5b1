import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COLLECTIONS } from '../../src/catalogue'
import { OPENAPI_PATH, openApiDocument } from '../../src/catalogue/openapi'
import examples from '../../src/catalogue/openapi-examples.json'
import { captureExamples, EXAMPLES_PATH, formatExamples } from '../build/openapi-examples'
import {
  answerProblems,
  answersWithoutExample,
  document,
  documentProblems,
  exampleProblems,
} from '../test/openapi-check'
import { serveForTests, shippedDataset } from '../test/server'

const PUBLIC_URL = 'https://catalogue.example.com'
const service = serveForTests({ publicUrl: PUBLIC_URL })

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, and every example fits the schema beside it', async () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    expect(await documentProblems()).toEqual([])
    expect(exampleProblems()).toEqual([])
  })

  it('describes two endpoints per collection, search and characters, their parameters, the Bearer scheme and every refusal', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { parameters?: { name: string }[]; responses: object }>
    >
    expect(Object.keys(paths).sort()).toEqual(
      [
        ...COLLECTIONS.flatMap(({ listPath, itemPath }) => [listPath, `${itemPath}/{ids}`]),
        '/v1/search',
        '/v1/characters',
        '/v1/characters/{ids}',
        '/v1/locations/{id}/episodes',
        '/v1/episodes/{id}/locations',
      ].sort(),
    )
    expect(paths['/v1/characters']?.get?.parameters?.map((p) => p.name)).toEqual([
      'page',
      'season',
      '_sort',
      '_sort_desc',
      'locations__gte',
      'locations__lte',
      'episodes__gte',
      'episodes__lte',
      '_facet',
      '_facet_bins',
      undefined, // If-None-Match, by reference
    ])
    expect(paths['/v1/search']?.get?.parameters?.map((p) => p.name)).toEqual([
      'q',
      'page',
      'limit',
      'collection__exact',
      '_facet',
      undefined, // If-None-Match, by reference
    ])
    for (const { listPath, itemPath, filters, facets, columns } of COLLECTIONS) {
      expect(paths[listPath]?.get?.parameters?.map((p) => p.name)).toEqual([
        'page',
        ...filters,
        '_search',
        '_sort',
        '_sort_desc',
        ...facets.map((facet) => `${facet.name}__exact`),
        ...columns.flatMap((column) =>
          column.range ? [`${column.field}__gte`, `${column.field}__lte`] : [],
        ),
        '_facet',
        '_facet_size',
        '_facet_bins',
        '_facet_date',
        '_facet_date_unit',
        '_col',
        '_export',
        '_after',
        undefined, // If-None-Match, by reference
        undefined, // If-Match, by reference
      ])
      expect(Object.keys(paths[`${itemPath}/{ids}`]?.get?.responses ?? {})).toEqual([
        '200',
        '304',
        '400',
        '401',
        '404',
        '429',
        '503',
      ])
      expect(Object.keys(paths[`${itemPath}/{ids}`]?.post?.responses ?? {})).toEqual([
        '400',
        '401',
        '405',
        '429',
      ])
    }
    expect(document.components).toMatchObject({
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    })
  })

  it('marks the views extension, its streams (contract §12), search and characters (§13) on the document and on each parameter and path they add, and only then', () => {
    type Parameter = { name: string; 'x-catalogue-extension'?: string }
    const listParameters = (candidate: Record<string, unknown>) =>
      COLLECTIONS.flatMap(({ listPath }) => {
        const paths = candidate.paths as Record<string, { get: { parameters: Parameter[] } }>
        return paths[listPath]?.get.parameters ?? []
      })
    expect((document.info as Record<string, unknown>)['x-catalogue-extensions']).toEqual({
      views: 1,
      export: 1,
      search: 1,
      insights: 1,
      characters: 1,
    })
    const paths = document.paths as Record<string, { get: Record<string, unknown> }>
    expect(paths['/v1/search']?.get['x-catalogue-extension']).toBe('search')
    for (const path of Object.keys(paths).filter(
      (path) => path.includes('characters') || path.includes('{id}/'),
    ))
      expect(paths[path]?.get['x-catalogue-extension']).toBe('characters')
    const streams = ['_col', '_export', '_after']
    for (const parameter of listParameters(document)) {
      const added = parameter.name?.startsWith('_') || parameter.name?.includes('__')
      const extension = streams.includes(parameter.name)
        ? 'export'
        : parameter.name === '_search'
          ? 'search'
          : parameter.name?.startsWith('_facet_bins') || parameter.name?.startsWith('_facet_date')
            ? 'insights'
            : added
              ? 'views'
              : undefined
      expect(parameter['x-catalogue-extension']).toBe(extension)
    }
    const headers = (document.components as { parameters: Record<string, Parameter> }).parameters
    expect(headers['If-Match']?.['x-catalogue-extension']).toBe('export')
    const unsearched = openApiDocument({ examples, search: false, characters: false })
    expect((unsearched.info as Record<string, unknown>)['x-catalogue-extensions']).toEqual({
      views: 1,
      export: 1,
      insights: 1,
    })
    expect(JSON.stringify(unsearched)).not.toContain('search')
    expect(Object.keys(unsearched.paths as object).filter((path) => path.includes('characters'))).toEqual([])
    const without = openApiDocument({ examples, views: false })
    expect(JSON.stringify(without)).not.toContain('x-catalogue')
    for (const { listPath, filters } of COLLECTIONS) {
      const paths = without.paths as Record<string, { get: { parameters: Parameter[] } }>
      expect(paths[listPath]?.get.parameters.map((p) => p.name)).toEqual(['page', ...filters, undefined])
    }
    const schemas = without.components as { schemas: Record<string, { properties: object }> }
    expect(Object.keys(schemas.schemas.LocationPage?.properties ?? {})).toEqual(['info', 'results'])
  })

  it('has one example per answer with a body, each the real answer of the service to a request', async () => {
    // `npm run generate:data` rewrites the file with the shipped dataset: an answer that changes fails here
    // until then.
    const captured = await captureExamples(shippedDataset)
    expect(formatExamples(captured)).toBe(readFileSync(EXAMPLES_PATH, 'utf8'))
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
