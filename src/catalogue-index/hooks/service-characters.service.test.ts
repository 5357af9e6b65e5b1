import { describe, expect, it } from 'vitest'
import { serveForTests, shippedDataset } from '../../../server/test/server'
import { createClient } from '../../api/client'
import { createRequestLog } from '../../api/request-log'
import { characterListOnService, charactersOnService, relatedOnService } from './service-characters'

/*
 * The character pages' questions asked of a service that answers characters (contract §13), read into the
 * shapes the index answers with: a page beyond the last, a character no record names, a record's related
 * records a page at a time.
 */

const KEY = 'characters-service-key'

describe('the characters answered by the service', () => {
  const server = serveForTests({ apiKeys: [KEY] })
  const client = () => createClient({ baseUrl: server.origin, apiKey: KEY }, fetch, createRequestLog())
  const named = new Set([
    ...shippedDataset.locations.flatMap((location) => location.residents),
    ...shippedDataset.episodes.flatMap((episode) => episode.characters),
  ])

  it('reads a page of the list with each season’s count; a page beyond the last is page 1, whose count corrects it', async () => {
    const first = await characterListOnService(client(), { page: 1, season: null })
    expect(first.info.count).toBe(named.size)
    expect(first.results[0]).toEqual({
      id: first.results[0]?.id,
      name: `Character #${first.results[0]?.id}`,
      counts: { locations: expect.any(Number), episodes: expect.any(Number) },
    })
    expect(first.seasons).toEqual([1, 2, 3, 4, 5, 6])
    expect(first.seasonsCounted).toBe(true)
    const beyond = await characterListOnService(client(), { page: 999, season: null })
    expect(beyond.info).toEqual(first.info)
  })

  it('finds the characters asked for, in their order, and none for a character no record names', async () => {
    const [a = 0, b = 0] = [...named].sort((x, y) => y - x)
    const found = await charactersOnService(client(), [b, a])
    expect(found.map((character) => character.id)).toEqual([b, a])
    expect(found[0]?.address).toBe(`${server.origin}/v1/characters/${b}`)
    expect(await charactersOnService(client(), [999_999])).toEqual([])
  })

  it('reads a record’s related records a page at a time, and none for a record that does not exist', async () => {
    const page = await relatedOnService(client(), 'locations', 3, 1)
    expect(page?.related.map(({ collection }) => collection)).toEqual(['episodes'])
    expect(page?.more.episodes?.count).toBe(page?.related[0]?.items.length)
    expect(await relatedOnService(client(), 'locations', 999_999, 1)).toBeNull()
  })
})
