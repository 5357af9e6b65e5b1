import { describe, expect, it } from 'vitest'
import { locations as LOCATIONS } from '../../src/catalogue'
import { viewPageSchema } from '../../src/catalogue/views/answer'
import { datasetWith, serveForTests, shippedDataset } from '../test/server'
import { createStore } from './store'

const LocationViewPage = viewPageSchema(LOCATIONS.record)
const locations = [...shippedDataset.locations].sort((a, b) => a.id - b.id)
const ids = (records: readonly { id: number }[]) => records.map((record) => record.id)

describe('views of a reloaded dataset', () => {
  const reloaded = serveForTests()

  it('are prepared with the new dataset, in the same step as the reload: the next view reads it', async () => {
    const before = LocationViewPage.parse(await (await reloaded.get('/v1/locations?_sort_desc=id')).json())
    expect(before.results[0]?.id).toBe(locations.at(-1)?.id)
    const [first, second] = locations
    if (!first || !second) throw new Error('the shipped dataset has locations')
    reloaded.app.catalogue.replace(
      createStore(datasetWith({ locations: [first, { ...second, id: 9999, name: 'Aaa' }] })),
    )
    // The store answers a view only once prepared (it never prepares one while a request waits).
    const after = LocationViewPage.parse(await (await reloaded.get('/v1/locations?_sort=name')).json())
    expect(ids(after.results)).toEqual([9999, first.id])
  })
})
