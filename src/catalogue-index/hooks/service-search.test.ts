import { describe, expect, it } from 'vitest'
import type { CatalogueClient } from '../../api/client'
import type { SearchGroupsBody } from '../../catalogue/search/answer'
import { searchCatalogueService } from './service-search'

const location = (id: number, name: string) => ({
  id,
  name,
  type: 'Planet',
  dimension: 'Dimension C-137',
  residents: [],
  url: `https://x.test/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})

function answering(body: SearchGroupsBody) {
  const asked: string[] = []
  const client = {
    read: async (path: string, schema: { parse(value: unknown): unknown }) => {
      asked.push(path)
      return schema.parse(body)
    },
  } as unknown as CatalogueClient
  return { client, asked }
}

describe('the service’s search of the whole catalogue, as the palette shows it', () => {
  it('asks /v1/search for each group’s best 8, and shows values first in their collection’s group', async () => {
    const { client, asked } = answering({
      groups: [
        {
          collection: 'values',
          total: 1,
          counted: true,
          results: [
            { collection: 'values', of: 'locations', field: 'type', value: 'Planet', count: 2, url: 'u' },
          ],
        },
        {
          collection: 'locations',
          total: 12,
          counted: true,
          results: [location(3, 'Planet Express'), location(9, 'Planet Nine')].map((record) => ({
            collection: 'locations' as const,
            record,
          })),
        },
        {
          collection: 'characters',
          total: 1,
          counted: true,
          results: [{ collection: 'characters', id: 42, url: 'c' }],
        },
      ],
    })
    const answer = await searchCatalogueService(client, 'planet', undefined, new AbortController().signal)
    expect(asked).toEqual(['/v1/search?q=planet&limit=8'])
    expect(answer.groups.map((group) => [group.collection, group.total])).toEqual([
      ['locations', 13],
      ['characters', 1],
    ])
    expect(answer.groups[0]?.hits.map((hit) => [hit.name, hit.path])).toEqual([
      ['Planet', '/locations?type=Planet'],
      ['Planet Express', '/locations/3'],
      ['Planet Nine', '/locations/9'],
    ])
    expect(answer.groups[0]?.hits[0]?.detail).toBe('Type · 2 locations')
    expect(answer.groups[1]?.hits[0]).toMatchObject({ name: 'Character #42', path: '/characters/42' })
  })

  it('puts the character first when the query named it first, and keeps one collection’s group with `only`', async () => {
    const { client } = answering({
      groups: [
        {
          collection: 'characters',
          total: 1,
          counted: true,
          results: [{ collection: 'characters', id: 7, url: 'c' }],
        },
        {
          collection: 'locations',
          total: 1,
          counted: true,
          results: [{ collection: 'locations', record: location(7, 'Gate 7') }],
        },
      ],
    })
    const signal = new AbortController().signal
    const all = await searchCatalogueService(client, '#7', undefined, signal)
    expect(all.groups.map((group) => group.collection)).toEqual(['characters', 'locations'])
    const only = await searchCatalogueService(client, '#7', 'locations', signal)
    expect(only.groups.map((group) => group.collection)).toEqual(['locations'])
  })
})
