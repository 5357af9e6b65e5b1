import { describe, expect, it } from 'vitest'
import type { DatasetLocation } from '../../src/catalogue'
import { createStore } from '../dataset/store'
import { heldCatalogue } from '../test/held-catalogue'
import { datasetWith, serveForTests } from '../test/server'
import { LiveCatalogue } from './live-catalogue'

const named = (name: string): DatasetLocation => ({
  id: 1,
  name,
  type: 'Planet',
  dimension: 'Dimension C-137',
  residents: [],
  created: '2017-11-10T12:42:04.162Z',
})
const before = createStore(datasetWith({ locations: [named('Before')] }))
const after = createStore(datasetWith({ locations: [named('After')] }))
const names = async (response: Response) =>
  ((await response.json()) as { results: { name: string }[] }).results.map(({ name }) => name)

describe('an answer read while the catalogue is replaced', () => {
  const live = new LiveCatalogue(before)
  const server = serveForTests({ store: live })

  it.each([
    ['a page of the whole list', '/v1/locations'],
    ['a filtered page', '/v1/locations?name=e'],
    ['a record by id', '/v1/locations/1'],
    ['records by id', '/v1/locations/[1]'],
    ['a view', '/v1/locations?_sort_desc=name&_facet=type'],
  ])('is sent from the old catalogue but never kept for the new one: %s', async (_label, path) => {
    const held = heldCatalogue(before)
    live.replace(held.content)
    const inFlight = server.get(path)
    await held.reading
    // Replaced while the request waits for its rows: every cache is dropped now, before the old rows arrive.
    live.replace(after)
    held.release()
    expect(await (await inFlight).text()).toContain('Before')
    const fresh = await (await server.get(path)).text()
    expect(fresh).toContain('After')
    expect(fresh).not.toContain('Before')
  })

  it('keeps the filter results of the catalogue served, not of one replaced meanwhile', async () => {
    live.replace(after)
    expect(await names(await server.get('/v1/locations?name=a'))).toEqual(['After'])
    live.replace(before)
    expect(await names(await server.get('/v1/locations?name=e'))).toEqual(['Before'])
    expect(await names(await server.get('/v1/locations?name=a'))).toEqual([])
  })
})
