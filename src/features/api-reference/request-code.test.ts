import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { Endpoint } from './openapi-model'
import { codeSamples, explorerPath, missingPathParameter, requestPath } from './request-code'

const parameter = (name: string, where: string) => ({
  name,
  in: where,
  required: where === 'path',
  description: '',
  schema: null,
})
const endpoint = (path: string, parameters: ReturnType<typeof parameter>[]): Endpoint => ({
  anchor: 'x',
  method: 'GET',
  path,
  summary: '',
  description: '',
  parameters,
  responses: [],
  otherMethods: [],
})
const list = endpoint('/v1/locations', [
  parameter('name', 'query'),
  parameter('type', 'query'),
  parameter('dimension', 'query'),
  parameter('page', 'query'),
])
const byIds = endpoint('/v1/episodes/{ids}', [parameter('ids', 'path')])

// One case runs Python, which can take seconds on a busy machine.
describe('trying an endpoint', { timeout: 30_000 }, () => {
  it('builds the request’s path and query from the values typed, leaving empty ones out', () => {
    expect(requestPath(list, { name: ' Café & co ', page: '2', type: '' })).toBe(
      '/v1/locations?name=Caf%C3%A9+%26+co&page=2',
    )
    expect(requestPath(byIds, { ids: '1,2' })).toBe('/v1/episodes/1,2')
    expect(missingPathParameter(byIds, {})).toBe('ids')
    expect(missingPathParameter(list, {})).toBeNull()
  })

  it('links to the explorer’s page of the same records', () => {
    expect(explorerPath(list, { name: 'earth', page: '2' })).toBe('/locations?name=earth&page=2')
    expect(explorerPath(list, {})).toBe('/locations')
    expect(explorerPath(byIds, { ids: '[1,2]' })).toBe('/episodes/1,2')
    expect(explorerPath(byIds, { ids: 'abc' })).toBeNull()
    expect(explorerPath(endpoint('/v2/other', []), {})).toBeNull()
  })

  it('writes the request as curl, fetch and Python requests, each reading CATALOGUE_API_KEY', () => {
    const url = "http://127.0.0.1:8080/v1/locations?name=it's"
    const samples = codeSamples(url)
    expect(samples.map((sample) => sample.language)).toEqual([
      'curl',
      'JavaScript (fetch)',
      'Python (requests)',
    ])
    for (const sample of samples) expect(sample.code).toContain('CATALOGUE_API_KEY')
    // The JavaScript is valid syntax, with the address as written.
    const js = samples[1]?.code ?? ''
    expect(() => new Function(`return async () => { ${js} }`)).not.toThrow()
    expect(js).toContain(JSON.stringify(url))
  })

  it('writes Python that parses', () => {
    const python = codeSamples('http://127.0.0.1:8080/v1/episodes/1,2')[2]?.code ?? ''
    let available = true
    try {
      execFileSync('python3', ['--version'])
    } catch {
      available = false
    }
    if (!available) return
    expect(() =>
      execFileSync('python3', ['-c', `import ast; ast.parse(${JSON.stringify(python)})`]),
    ).not.toThrow()
  })
})
