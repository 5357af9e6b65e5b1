import { describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { LiveCatalogue } from '../catalogue/live-catalogue'
import { DEMO_KEY } from '../config'
import { createStore } from '../dataset/store'
import { datasetWith, serveForTests, shippedDataset } from '../test/server'

/* Every API answer names the version of the catalogue it was read from (contract §13, `Catalogue-Version`). */

const service = serveForTests()

const versionOf = (response: Response) => response.headers.get('catalogue-version')

describe('the catalogue’s version', () => {
  it('is named by every API answer: pages, views, records, streams, refusals, 304s and repeated answers', async () => {
    const first = await service.get('/v1/locations')
    const version = versionOf(first)
    expect(version).toMatch(/^\S{6,}$/)
    const tag = first.headers.get('etag') as string
    for (const [path, headers] of [
      ['/v1/locations', {}],
      ['/v1/locations', {}],
      ['/v1/locations', { 'if-none-match': tag }],
      ['/v1/locations?name=a&page=2', {}],
      ['/v1/locations?_sort=name&_facet=type', {}],
      ['/v1/episodes/1,2', {}],
      ['/v1/episodes/9999', {}],
      ['/v1/locations?page=0', {}],
      ['/v1/locations?page=999', {}],
      ['/v1/locations?_export=ndjson&_col=id', {}],
    ] as const) {
      const response = await service.get(path, { headers })
      await response.arrayBuffer()
      expect(versionOf(response), `${path} ${response.status}`).toBe(version)
    }
  })

  it('is exposed to other origins, and told to the explorer with its configuration', async () => {
    const response = await service.get('/v1/locations/1', { headers: { origin: 'https://elsewhere.test' } })
    expect(response.headers.get('access-control-expose-headers')).toMatch(/\bCatalogue-Version\b/)
    const config = (await (await service.get('/explorer-config.json', { key: null })).json()) as {
      catalogueVersion?: string
    }
    expect(config.catalogueVersion).toBe(versionOf(response))
  })
})

describe('a catalogue replaced (a reload)', () => {
  it('names the new version in the next answer, and the same content always alike', async () => {
    const live = new LiveCatalogue(createStore(shippedDataset))
    const app = await buildApp({ store: live, rateLimit: 0 })
    try {
      const ask = async () =>
        versionOf(
          await app
            .inject({ url: '/v1/locations/1', headers: { authorization: `Bearer ${DEMO_KEY}` } })
            .then((answer) => new Response(answer.body, { headers: answer.headers as HeadersInit })),
        )
      const before = await ask()
      live.replace(createStore(datasetWith({ locations: shippedDataset.locations.slice(0, 3) })))
      const after = await ask()
      expect(after).not.toBe(before)
      live.replace(createStore(shippedDataset))
      expect(await ask()).toBe(before)
    } finally {
      await app.close()
    }
  })
})
