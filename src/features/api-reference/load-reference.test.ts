import { describe, expect, it, vi } from 'vitest'
import { COLLECTIONS } from '../../catalogue'
import { openApiDocument } from '../../catalogue/openapi'
import examples from '../../catalogue/openapi-examples.json'
import { loadReference } from './load-reference'
import { readOpenApi } from './openapi-model'

const served = openApiDocument({ examples, serverUrl: 'https://catalogue.test' })
const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }))

const SPECIFIED = COLLECTIONS.flatMap(({ listPath, itemPath }) => [
  `GET ${listPath}`,
  `GET ${itemPath}/{ids}`,
])
// Search and characters (contract §13), this service's extensions.
const ENDPOINTS = [
  ...SPECIFIED,
  'GET /v1/search',
  'GET /v1/characters',
  'GET /v1/characters/{ids}',
  'GET /v1/locations/{id}/episodes',
  'GET /v1/episodes/{id}/locations',
]

describe('the /api page reads', () => {
  it("the service's own document: two endpoints per collection, search and characters, their parameters, statuses, bodies and examples", async () => {
    const fetchImpl = answer(JSON.stringify(served))
    const loaded = await loadReference('https://catalogue.test/', fetchImpl)
    expect(fetchImpl).toHaveBeenCalledWith('https://catalogue.test/openapi.json', expect.anything())
    expect(loaded.source).toBe('service')
    const { endpoints, schemas } = loaded.reference
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(ENDPOINTS)
    expect(ENDPOINTS.slice(0, 3)).toEqual([
      'GET /v1/locations',
      'GET /v1/locations/{ids}',
      'GET /v1/episodes/',
    ])
    const list = endpoints[0]
    expect(list?.anchor).toBe('listlocations')
    expect(list?.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required])).toEqual([
      ['page', 'query', false],
      ['name', 'query', false],
      ['type', 'query', false],
      ['dimension', 'query', false],
      // Search (contract §13), then the views of contract §12, this service's extensions, then streams of them.
      ...[
        '_search',
        '_sort',
        '_sort_desc',
        'type__exact',
        'dimension__exact',
        'residents__gte',
        'residents__lte',
        'created__gte',
        'created__lte',
        '_facet',
        '_facet_size',
        // The insights' facets (contract §13).
        '_facet_bins',
        '_facet_date',
        '_facet_date_unit',
        '_col',
        '_export',
        '_after',
      ].map((name) => [name, 'query', false]),
      ['If-None-Match', 'header', false],
      ['If-Match', 'header', false],
    ])
    expect(list?.responses.map((response) => response.status)).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '412',
      '429',
      '503',
    ])
    // A page, or with `_export=json` the view's records in one array.
    expect(list?.responses[0]?.body).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/LocationPage' },
        { type: 'array', items: { $ref: '#/components/schemas/Location' } },
      ],
    })
    expect(list?.responses[0]?.examples[0]?.json).toContain('"results"')
    expect(list?.otherMethods.map((other) => other.method)).toEqual([
      'HEAD',
      'OPTIONS',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'TRACE',
    ])
    expect(schemas.map((schema) => schema.name)).toContain('LocationPage')
  })

  it.each([
    ['a 404', answer('{"error":"Nothing here."}', 404), '/openapi.json answered 404'],
    ['an answer that is not JSON', answer('<html>'), '/openapi.json is not JSON'],
    [
      'JSON that is not an OpenAPI document',
      answer('{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":[]}'),
      'not an OpenAPI document this page can read: paths:',
    ],
    ['no answer', vi.fn(async () => Promise.reject(new TypeError('offline'))), 'could not be reached'],
  ])('the built-in document after %s, and says why', async (_, fetchImpl, reason) => {
    const loaded = await loadReference('', fetchImpl)
    expect(loaded.source).toBe('built-in')
    if (loaded.source !== 'built-in') return
    expect(loaded.reason).toContain(reason)
    // The specification's endpoints alone: the built-in document has none of this service's extensions.
    expect(loaded.reference.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(
      SPECIFIED,
    )
  })

  it('a malformed document into one sentence naming where it is wrong, never a throw', () => {
    expect(readOpenApi(null)).toEqual({ ok: false, problem: expect.stringContaining('the document') })
    expect(readOpenApi({ openapi: '2.0', info: { title: 't', version: '1' }, paths: {} })).toEqual({
      ok: false,
      problem: 'openapi: must be an OpenAPI 3 version, such as 3.1.1',
    })
    const base = { openapi: '3.1.0', info: { title: 't', version: '1' } }
    expect(readOpenApi({ ...base, paths: { '/x': { get: { summary: 'no responses' } } } })).toEqual({
      ok: false,
      problem: expect.stringMatching(/^paths\.\/x\.get\.responses: /),
    })
    // References to nothing, odd parameters: what cannot be read is left out.
    const odd = readOpenApi({
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/x': {
          get: {
            parameters: [{ $ref: '#/components/parameters/none' }],
            responses: { 200: { $ref: '#/x' } },
          },
        },
      },
    })
    expect(odd.ok && odd.reference.endpoints[0]?.parameters).toEqual([])
    expect(odd.ok && odd.reference.endpoints[0]?.responses[0]?.description).toMatch(/^Not described/)
  })
})
