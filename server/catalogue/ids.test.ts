import { describe, expect, it } from 'vitest'
import { EpisodeSchema, LocationSchema } from '../../src/catalogue'
import { errorOf, serveForTests, shippedDataset } from '../test/server'

const server = serveForTests()
const INVALID_IDS =
  'The identifiers must be one id, a comma-separated list such as 1,2,3, or a bracketed list such as [1,2,3]; each id is 1 to 16 digits with a value of at least 1.'

describe('records by id', () => {
  it('answers one id with the record as an object, its seven fields in order, addresses absolute', async () => {
    const response = await server.get('/v1/locations/3')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(Object.keys(JSON.parse(text))).toEqual([
      'id',
      'name',
      'type',
      'dimension',
      'residents',
      'url',
      'created',
    ])
    const location = LocationSchema.parse(JSON.parse(text))
    const stored = shippedDataset.locations.find((record) => record.id === 3)
    expect(location).toEqual({
      ...stored,
      residents: stored?.residents.map((id) => `${server.origin}/v1/characters/${id}`),
      url: `${server.origin}/v1/locations/3`,
    })
  })

  it('answers an episode with its seven fields in order', async () => {
    const text = await (await server.get('/v1/episodes/1')).text()
    expect(Object.keys(JSON.parse(text))).toEqual([
      'id',
      'name',
      'air_date',
      'episode',
      'characters',
      'url',
      'created',
    ])
    const episode = EpisodeSchema.parse(JSON.parse(text))
    expect(episode.url).toBe(`${server.origin}/v1/episodes/1`)
    expect(episode.characters.every((url) => url.startsWith(`${server.origin}/v1/characters/`))).toBe(true)
  })

  it('answers an unknown single id with 404 and the collection’s sentence', async () => {
    const location = await server.get('/v1/locations/99999')
    expect(location.status).toBe(404)
    expect(await errorOf(location)).toBe('Location not found')
    const episode = await server.get('/v1/episodes/0099999')
    expect(episode.status).toBe(404)
    expect(await errorOf(episode)).toBe('Episode not found')
  })

  it('answers lists with arrays in ascending id order, each once, unknown ids left out', async () => {
    const ids = async (path: string) =>
      ((await (await server.get(path)).json()) as { id: number }[]).map((record) => record.id)
    expect(await ids('/v1/locations/5,1,3,1,99999')).toEqual([1, 3, 5])
    expect(await ids('/v1/locations/[7]')).toEqual([7])
    expect(await ids('/v1/locations/[%207%20,%20007%20]')).toEqual([7])
    expect(await ids('/v1/episodes/[2,1]')).toEqual([1, 2])
    expect(await ids('/v1/episodes/99998,99999')).toEqual([])
    expect(await ids('/v1/episodes/[]')).toEqual([])
  })

  it.each([
    'abc',
    '-1',
    '1.5',
    '1,,2',
    '1,',
    ',',
    '[1,2',
    '1,2]',
    '[[1]]',
    '0',
    '12345678901234567',
    '%5B1,2',
  ])('refuses %s with 400', async (ids) => {
    const response = await server.get(`/v1/locations/${ids}`)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(INVALID_IDS)
  })

  it('answers a long list, rendered a slice at a time, with the bytes of each record as alone, in id order', async () => {
    const ids = Array.from({ length: 140 }, (_, index) => 140 - index)
    const response = await server.get(`/v1/locations/${ids.join(',')}`)
    expect(response.status).toBe(200)
    // One after another: 126 at once from one address pass the service's cap of 100 open connections per
    // address whenever a busy machine keeps them all open together, and the cap then refuses the rest.
    const singles: string[] = []
    for (let id = 1; id <= 126; id++) singles.push(await (await server.get(`/v1/locations/${id}`)).text())
    expect(await response.text()).toBe(`[${singles.join(',')}]`)
  })

  it('accepts 500 ids of 16 digits and refuses 501', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => String(index + 1).padStart(16, '0'))
    const ok = await server.get(`/v1/locations/${many(500).join(',')}`)
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as unknown[]).length).toBe(shippedDataset.locations.length)
    const tooMany = await server.get(`/v1/locations/[${many(501).join(',')}]`)
    expect(tooMany.status).toBe(400)
    expect(await errorOf(tooMany)).toBe('At most 500 identifiers may be requested at once.')
  })
})
