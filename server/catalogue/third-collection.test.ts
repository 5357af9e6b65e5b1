import { describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '../../src/catalogue'
import { ARTIFACT_RECORDS, artifacts } from '../../src/catalogue/artifacts.fixture'
import { DatasetError, validateDatasetOf } from '../dataset/load'
import { createStoreOf } from '../dataset/store'
import { WITH_ARTIFACTS as CATALOGUE, datasetWithArtifacts } from '../test/serve-artifacts'
import { errorOf, serveForTests, shippedDataset } from '../test/server'

// A collection defined in test code only, registered through the same functions as the real ones.
const dataset = datasetWithArtifacts()
const server = serveForTests({ store: createStoreOf(dataset, CATALOGUE) })

describe('a third collection, from its definition alone', () => {
  it('validates its dataset records with its own rules and sorts them by id', () => {
    expect(dataset.artifacts.map((artifact) => artifact.id)).toEqual(
      Array.from({ length: 45 }, (_, index) => index + 1),
    )
    const broken = {
      ...structuredClone(shippedDataset),
      artifacts: ARTIFACT_RECORDS.map((artifact, index) =>
        index === 2 ? { ...artifact, kind: '' } : artifact,
      ),
    }
    expect(() => validateDatasetOf(broken, 'a.json', CATALOGUE)).toThrow(
      new DatasetError('Dataset a.json: artifacts[2] (id 43): "kind" must be a non-empty string'),
    )
    expect(() => validateDatasetOf(structuredClone(shippedDataset), 'b.json', CATALOGUE)).toThrow(
      new DatasetError('Dataset b.json: "artifacts" must be an array of records'),
    )
  })

  it('serves its list with paging, its filters and the contract addresses', async () => {
    const first = artifacts.page.parse(await (await server.get('/v1/artifacts')).json())
    expect(first.info).toEqual({
      count: 45,
      pages: 3,
      next: `${server.origin}/v1/artifacts?page=2`,
      prev: null,
    })
    expect(first.results.map((artifact) => artifact.id)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, index) => index + 1),
    )

    const relics = artifacts.page.parse(await (await server.get('/v1/artifacts?kind=relic&page=1')).json())
    expect(relics.info.count).toBe(15)
    expect(relics.results.every((artifact) => artifact.kind === 'Relic')).toBe(true)

    const named = artifacts.page.parse(await (await server.get('/v1/artifacts?name=portal')).json())
    expect(named.results).toEqual([
      {
        id: 7,
        name: 'Portal Gun',
        kind: 'Tool',
        owners: [`${server.origin}/v1/characters/1`, `${server.origin}/v1/characters/2`],
        url: `${server.origin}/v1/artifacts/7`,
        created: '2024-03-01T09:30:00.000Z',
      },
    ])
    // Filters of other collections are not this one's: ignored, like any unknown parameter.
    const ignored = artifacts.page.parse(await (await server.get('/v1/artifacts?dimension=zzz')).json())
    expect(ignored.info.count).toBe(45)
  })

  it('serves records by id with its own not-found message, and refuses what the contract refuses', async () => {
    const one = await server.get('/v1/artifacts/7')
    expect(one.status).toBe(200)
    expect(artifacts.record.parse(await one.json()).name).toBe('Portal Gun')
    const many = (await (await server.get('/v1/artifacts/[3,1,99]')).json()) as { id: number }[]
    expect(many.map((artifact) => artifact.id)).toEqual([1, 3])

    const missing = await server.get('/v1/artifacts/99')
    expect(missing.status).toBe(404)
    expect(await errorOf(missing)).toBe('Artifact not found')
    const repeated = await server.get('/v1/artifacts?kind=a&kind=b')
    expect(repeated.status).toBe(400)
    expect(await errorOf(repeated)).toBe('The filter "kind" may be given only once.')
    expect((await server.get('/v1/artifacts', { key: null })).status).toBe(401)
    expect((await server.get('/v1/artifacts', { method: 'DELETE' })).status).toBe(405)
  })

  it('leaves the other collections as they were', async () => {
    const locations = await server.get('/v1/locations/1')
    expect(locations.status).toBe(200)
    expect(((await locations.json()) as { id: number }).id).toBe(1)
  })
})
