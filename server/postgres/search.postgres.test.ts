import { setTimeout as delay } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { DEMO_KEY } from '../config'
import { appOn, freshDatabase, loadInto, rowsOf } from '../test/postgres'
import { datasetWith, shippedDataset } from '../test/server'
import { PostgresCatalogue } from './catalogue'
import { searchTableOf } from './layout'

describe('the search a load writes (migration 4)', () => {
  it('holds the words the contract’s fold makes, never the database’s, and goes with its generation', async () => {
    const url = await freshDatabase()
    const place = (id: number, name: string) => ({
      id,
      name,
      type: 'Planet',
      dimension: 'Dimension C-137',
      residents: [],
      created: '2017-11-10T12:42:04.162Z',
    })
    const dataset = datasetWith({ locations: [place(1, 'Große Æsir-Straße ﬁne'), place(2, 'Łódź 137')] })
    await loadInto(url, dataset)
    const words = await rowsOf<{ word: string; frequency: number; letters: number }>(
      url,
      `SELECT word, frequency, letters FROM ${searchTableOf(1, 'words')} WHERE word = ANY($1::text[]) ORDER BY word`,
      [['aesir', 'fine', 'grosse', 'lodz', 'strasse']],
    )
    expect(words.map((row) => row.word)).toEqual(['aesir', 'fine', 'grosse', 'lodz', 'strasse'])
    expect(words.find((row) => row.word === 'strasse')?.letters).toBe(7)
    await loadInto(url, shippedDataset)
    await loadInto(url, shippedDataset)
    // The first generation's search was dropped with it; the one served and the one before it stay.
    const tables = await rowsOf<{ name: string }>(
      url,
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'catalogue' AND tablename LIKE 'search\\_g%' ORDER BY 1",
    )
    expect(tables.map((row) => row.name)).toEqual([
      'search_g2_characters',
      'search_g2_values',
      'search_g2_words',
      'search_g3_characters',
      'search_g3_values',
      'search_g3_words',
    ])
  })
})

describe('a catalogue loaded before search (schema version 3)', () => {
  it('answers no search until it is loaded again: /v1/search is 404, _search ignored, nothing marked', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    for (const part of ['words', 'values', 'characters'] as const)
      await rowsOf(url, `DROP TABLE ${searchTableOf(1, part)}`)
    const old = await appOn(url)
    expect((await old.get('/v1/search?q=cafe&limit=3')).statusCode).toBe(404)
    const ignored = await old.get('/v1/locations?_search=cafe')
    expect(ignored.json().info.count).toBe(shippedDataset.locations.length)
    const document = (await old.get('/openapi.json')).json()
    expect(document.info['x-catalogue-extensions'].search).toBeUndefined()
    await old.app.close()

    await loadInto(url, shippedDataset)
    const loaded = await appOn(url)
    const found = await loaded.get('/v1/search?q=cafe&limit=3')
    expect(found.statusCode).toBe(200)
    expect(found.json().groups[0].results[0].record.name).toBe('Café Müller')
    await loaded.app.close()
  })
})

describe('a palette’s search aborted by the next keystroke', () => {
  it('is dropped before its query starts when its client went while it waited its turn', async () => {
    const url = await freshDatabase()
    await loadInto(url, shippedDataset)
    const catalogue = await PostgresCatalogue.open(
      { url, timeoutMs: 10_000, poolSize: 4, costlyQueries: 1 },
      { say: () => {} },
    )
    const ran: string[] = []
    catalogue.database.observe({ query: (label) => void ran.push(label), failed: () => {} })
    const app = await buildApp({ store: catalogue.live, rateLimit: 0 })
    const origin = await app.listen({ port: 0, host: '127.0.0.1' })
    const headers = { authorization: `Bearer ${DEMO_KEY}` }
    try {
      // The one share of the database's costly work is taken: the search waits its turn.
      const holding = catalogue.database.query('hold', 'SELECT pg_sleep(0.5)', [], { costly: true })
      const controller = new AbortController()
      const aborted = fetch(`${origin}/v1/search?q=cafe&limit=8`, {
        headers,
        signal: controller.signal,
      }).catch((error: unknown) => error)
      while (catalogue.database.waitingForWork === 0) await delay(10)
      controller.abort()
      expect(await aborted).toBeInstanceOf(Error)
      await holding
      // The next keystroke's search is answered; the aborted one's words were never looked up.
      const next = await fetch(`${origin}/v1/search?q=cafe+m&limit=8`, { headers })
      expect(next.status).toBe(200)
      expect(ran.filter((label) => label === 'search-words')).toHaveLength(1)
    } finally {
      await app.close()
      await catalogue.close()
    }
  })
})
