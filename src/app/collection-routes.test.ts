import { describe, expect, it } from 'vitest'
import { COLLECTIONS } from '../catalogue'
import { COLLECTION_ROUTES, HOME_PATH } from './collection-routes'

describe('the explorer pages of each collection', () => {
  it('has a list and a record page for every collection of the catalogue, in navigation order', async () => {
    expect(COLLECTION_ROUTES.map((route) => route.collection)).toEqual(COLLECTIONS)
    for (const route of COLLECTION_ROUTES) {
      expect((await route.list.load()).default.name).toMatch(/ListRoute$/)
      expect((await route.record.load()).default.name).toMatch(/RecordRoute$/)
    }
    expect(HOME_PATH).toBe('/locations')
  })
})
