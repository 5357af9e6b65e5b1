import { describe, expect, it } from 'vitest'
import { appOn, freshDatabase, loadInto, rowsOf } from '../test/postgres'
import { datasetWith, shippedDataset } from '../test/server'
import { characterTableOf } from './layout'

describe('the characters a load writes (migration 5)', () => {
  it('holds one pair a record and character, each character’s counts and seasons, and goes with its generation', async () => {
    const url = await freshDatabase()
    const place = (id: number, residents: number[]) => ({
      id,
      name: `Place ${id}`,
      type: 'Planet',
      dimension: 'Dimension C-137',
      residents,
      created: '2017-11-10T12:42:04.162Z',
    })
    const episode = (id: number, code: string, characters: number[]) => ({
      id,
      name: `Episode ${id}`,
      air_date: 'December 2, 2013',
      episode: code,
      characters,
      created: '2017-11-10T12:42:04.162Z',
    })
    const dataset = datasetWith({
      // Character 7 named twice by one location: one pair.
      locations: [place(1, [7, 7, 9]), place(2, [7])],
      episodes: [episode(1, 'S01E01', [7, 8]), episode(2, 'S03E02', [7, 7])],
    })
    await loadInto(url, dataset)
    const characters = await rowsOf<{ id: number; locations: number; episodes: number; seasons: number[] }>(
      url,
      `SELECT id, locations, episodes, seasons FROM ${characterTableOf(1, 'characters')} ORDER BY id`,
    )
    expect(characters).toEqual([
      { id: 7, locations: 2, episodes: 2, seasons: [1, 3] },
      { id: 8, locations: 0, episodes: 1, seasons: [1] },
      { id: 9, locations: 1, episodes: 0, seasons: [] },
    ])
    const seasons = await rowsOf<{ season: number }>(
      url,
      `SELECT season FROM ${characterTableOf(1, 'seasons')} ORDER BY season`,
    )
    expect(seasons.map((row) => row.season)).toEqual([1, 3])
    await loadInto(url, shippedDataset)
    await loadInto(url, shippedDataset)
    // The first generation's characters were dropped with it; the one served and the one before it stay.
    const tables = await rowsOf<{ name: string }>(
      url,
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'catalogue' AND tablename LIKE 'characters\\_g%' ORDER BY 1",
    )
    expect(tables.map((row) => row.name)).toEqual([
      'characters_g2',
      'characters_g2_pairs',
      'characters_g2_seasons',
      'characters_g3',
      'characters_g3_pairs',
      'characters_g3_seasons',
    ])
  })
})

describe('a catalogue loaded before characters (schema version 4)', () => {
  it('answers no characters until it is loaded again: their paths are 404, nothing marked', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    for (const part of ['pairs', 'characters', 'seasons'] as const)
      await rowsOf(url, `DROP TABLE ${characterTableOf(1, part)}`)
    const old = await appOn(url)
    for (const path of ['/v1/characters', '/v1/characters/228', '/v1/locations/31/episodes'])
      expect((await old.get(path)).statusCode, path).toBe(404)
    const document = (await old.get('/openapi.json')).json()
    expect(document.info['x-catalogue-extensions'].characters).toBeUndefined()
    await old.app.close()

    await loadInto(url, shippedDataset)
    const loaded = await appOn(url)
    const character = await loaded.get('/v1/characters/228')
    expect(character.statusCode).toBe(200)
    expect(character.json().id).toBe(228)
    await loaded.app.close()
  })
})
