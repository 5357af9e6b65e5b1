import { describe, expect, it } from 'vitest'
import type { DatasetOf } from '../../src/catalogue'
import { episodes as EPISODES, locations as LOCATIONS, PAGE_SIZE } from '../../src/catalogue'
import { datasetWith, errorOf, serveForTests, shippedDataset } from '../test/server'

const server = serveForTests()

describe('lists', () => {
  it('answers page 1 of the locations with info then results, 20 records in id order', async () => {
    const response = await server.get('/v1/locations')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    expect(Object.keys(JSON.parse(text))).toEqual(['info', 'results'])
    const page = LOCATIONS.page.parse(JSON.parse(text))
    expect(Object.keys(JSON.parse(text).info)).toEqual(['count', 'pages', 'next', 'prev'])
    expect(page.info).toEqual({
      count: shippedDataset.locations.length,
      pages: Math.ceil(shippedDataset.locations.length / PAGE_SIZE),
      next: `${server.origin}/v1/locations?page=2`,
      prev: null,
    })
    expect(page.results.map((location) => location.id)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, index) => index + 1),
    )
  })

  it('serves the list with and without the trailing slash, episodes at /v1/episodes/', async () => {
    for (const path of ['/v1/locations/', '/v1/episodes/', '/v1/episodes']) {
      expect((await server.get(path)).status).toBe(200)
    }
    const episodes = EPISODES.page.parse(await (await server.get('/v1/episodes/')).json())
    expect(episodes.info.next).toBe(`${server.origin}/v1/episodes/?page=2`)
  })

  it('gives the last page with next null and prev pointing back', async () => {
    const pages = Math.ceil(shippedDataset.locations.length / PAGE_SIZE)
    const page = LOCATIONS.page.parse(await (await server.get(`/v1/locations?page=${pages}`)).json())
    expect(page.info.next).toBeNull()
    expect(page.info.prev).toBe(`${server.origin}/v1/locations?page=${pages - 1}`)
    expect(page.results.length).toBe(shippedDataset.locations.length - (pages - 1) * PAGE_SIZE)
  })

  it.each([['0'], ['-1'], ['1.5'], ['abc'], [''], ['%201']])(
    'refuses page=%s with 400 naming the parameter',
    async (value) => {
      const response = await server.get(`/v1/locations?page=${value}`)
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toBe(
        'The parameter "page" must be a whole number of at least 1, written in digits, such as page=2.',
      )
    },
  )

  it('refuses a page given twice', async () => {
    const response = await server.get('/v1/episodes/?page=1&page=2')
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe('The parameter "page" may be given only once.')
  })

  it('answers a page beyond the last with 404, and page 1 of an empty result with 200', async () => {
    const beyond = await server.get('/v1/locations?page=99')
    expect(beyond.status).toBe(404)
    expect(await errorOf(beyond)).toBe('Page 99 does not exist: this list has 7 pages.')
    const huge = await server.get('/v1/locations?page=0099999999999999999999')
    expect(huge.status).toBe(404)
    expect(await errorOf(huge)).toBe('Page 99999999999999999999 does not exist: this list has 7 pages.')

    const empty = await server.get('/v1/locations?name=no-such-place-anywhere')
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ info: { count: 0, pages: 0, next: null, prev: null }, results: [] })
    expect((await server.get('/v1/locations?name=no-such-place-anywhere&page=2')).status).toBe(404)
  })

  it('accepts leading zeros in page', async () => {
    const page = LOCATIONS.page.parse(await (await server.get('/v1/locations?page=002')).json())
    expect(page.results[0]?.id).toBe(21)
  })
})

describe('filters', () => {
  const names = async (path: string) => {
    const response = await server.get(path)
    expect(response.status).toBe(200)
    const page = LOCATIONS.page.parse(await response.json())
    return page.results.map((location) => location.name)
  }

  it('matches part of the name, ignoring case, including non-ASCII letters', async () => {
    expect(await names('/v1/locations?name=CAF%C3%89%20M%C3%9C')).toEqual(['Café Müller'])
    expect(await names('/v1/locations?name=z%C3%BCrich')).toEqual(['Zürich Nine'])
  })

  it('treats ( and .* literally', async () => {
    expect(await names('/v1/locations?name=.*')).toEqual(['Station .* Omega'])
    const parenthesised = await names('/v1/locations?name=(')
    expect(parenthesised.length).toBeGreaterThan(0)
    expect(parenthesised.every((name) => name.includes('('))).toBe(true)
  })

  it('trims white space around the value and ignores empty values', async () => {
    expect(await names('/v1/locations?name=%20%20harbor%20nine%20')).toEqual(['Harbor Nine'])
    const all = await (await server.get('/v1/locations?name=%20&type=')).json()
    expect(all.info.count).toBe(shippedDataset.locations.length)
    expect(all.info.next).toBe(`${server.origin}/v1/locations?page=2`)
  })

  it('combines filters with AND', async () => {
    const response = await server.get('/v1/locations?name=nine&type=planet')
    const page = LOCATIONS.page.parse(await response.json())
    const expected = shippedDataset.locations.filter(
      (location) =>
        location.name.toLowerCase().includes('nine') && location.type.toLowerCase().includes('planet'),
    )
    expect(page.results.map((location) => location.id)).toEqual(expected.map((location) => location.id))
  })

  it('filters episodes by name and episode code, and ignores location-only and unknown parameters', async () => {
    const response = await server.get('/v1/episodes/?episode=s02&type=planet&foo=bar')
    const page = EPISODES.page.parse(await response.json())
    expect(page.results.length).toBeGreaterThan(0)
    expect(page.results.every((episode) => episode.episode.startsWith('S02'))).toBe(true)
    expect(page.info.count).toBe(shippedDataset.episodes.filter((e) => e.episode.startsWith('S02')).length)
  })

  it('matches nothing with a value holding U+0000, in every filter and as often as asked (contract §13)', async () => {
    const empty = { info: { count: 0, pages: 0, next: null, prev: null }, results: [] }
    // More requests than the database store's pool holds connections: none may keep one.
    for (let round = 0; round < 3; round++) {
      for (const path of [
        `/v1/locations?name=x%00${round}`,
        `/v1/locations?type=%00${round}`,
        `/v1/locations?dimension=${round}%00&name=a`,
        `/v1/episodes/?name=%00${round}`,
        `/v1/episodes/?episode=S0${round}%00`,
      ]) {
        const response = await server.get(path)
        expect(response.status, path).toBe(200)
        expect(await response.json()).toEqual(empty)
      }
    }
    const after = await server.get('/v1/locations?name=never-asked-before')
    expect(after.status).toBe(200)
  })

  it('refuses a filter longer than 200 characters, and one given twice', async () => {
    const long = await server.get(`/v1/locations?name=${'a'.repeat(201)}`)
    expect(long.status).toBe(400)
    expect(await errorOf(long)).toBe('The filter "name" may be at most 200 characters long.')
    expect((await server.get(`/v1/locations?name=${'a'.repeat(200)}`)).status).toBe(200)

    const twice = await server.get('/v1/episodes/?episode=S01&episode=S02')
    expect(twice.status).toBe(400)
    expect(await errorOf(twice)).toBe('The filter "episode" may be given only once.')
  })

  it('keeps unknown parameters out of next and prev, and puts page first', async () => {
    const page = LOCATIONS.page.parse(
      await (await server.get('/v1/locations?dimension=dimension&zzz=1&name=%20e%20&type=')).json(),
    )
    expect(page.info.next).toBe(`${server.origin}/v1/locations?page=2&name=e&dimension=dimension`)
  })
})

/** 150 locations (and no other collection); the odd ones share a name full of characters that need percent-encoding. */
const awkwardName = 'Tom & Jerry # 50% +1 Café Ñu'
const awkwardCollections = [LOCATIONS] as const
const awkwardDataset: DatasetOf<typeof awkwardCollections> = {
  locations: Array.from({ length: 150 }, (_, index) => ({
    id: index + 1,
    name: index % 2 === 0 ? `${awkwardName} ${index + 1}` : `Plain ${index + 1}`,
    type: index % 3 === 0 ? 'Planet' : '',
    dimension: 'Dimension Ω',
    residents: [],
    created: '2017-11-10T12:42:04.162Z',
  })),
}
const awkward = serveForTests({ dataset: datasetWith(awkwardDataset) })

describe('next and prev round trips', () => {
  /** Follows `next` to the end, then `prev` back to the start, checking every page on the way. */
  async function walk(firstPath: string, expectedIds: number[]) {
    let url: string | null = `${awkward.origin}${firstPath}`
    const forward: number[][] = []
    const visited: string[] = []
    while (url) {
      visited.push(url)
      const response = await awkward.get(url.slice(awkward.origin.length))
      expect(response.status).toBe(200)
      const page = LOCATIONS.page.parse(await response.json())
      expect(page.info.count).toBe(expectedIds.length)
      expect(page.info.pages).toBe(Math.ceil(expectedIds.length / PAGE_SIZE))
      forward.push(page.results.map((location) => location.id))
      url = page.info.next
    }
    expect(forward.flat()).toEqual(expectedIds)
    expect(forward.length).toBeGreaterThan(2)
    let back: string | null = visited.at(-1) as string
    const backward: number[][] = []
    while (back) {
      const page = LOCATIONS.page.parse(await (await awkward.get(back.slice(awkward.origin.length))).json())
      backward.unshift(page.results.map((location) => location.id))
      back = page.info.prev
    }
    expect(backward).toEqual(forward)
  }

  const oddIds = awkwardDataset.locations
    .filter((location) => location.id % 2 === 1)
    .map((location) => location.id)

  it.each([
    ['& and spaces', 'm & j'],
    ['#', 'jerry # 5'],
    ['%', '50% '],
    ['+', ' +1'],
    ['non-ASCII letters', 'café ñu'],
    ['all of them', awkwardName],
  ])(
    'keeps a filter value holding %s intact from the first page to the last and back',
    async (_label, value) => {
      await walk(`/v1/locations?name=${encodeURIComponent(value)}`, oddIds)
    },
  )

  it('writes the trimmed value of each applied filter, percent-encoded, after page', async () => {
    const response = await awkward.get(
      `/v1/locations?dimension=${encodeURIComponent(' ω ')}&name=${encodeURIComponent(` ${awkwardName} `)}`,
    )
    const page = LOCATIONS.page.parse(await response.json())
    expect(page.info.next).toBe(
      `${awkward.origin}/v1/locations?page=2&name=Tom%20%26%20Jerry%20%23%2050%25%20%2B1%20Caf%C3%A9%20%C3%91u&dimension=%CF%89`,
    )
  })

  it('reads + in a query as a space, as forms do', async () => {
    const page = LOCATIONS.page.parse(await (await awkward.get('/v1/locations?name=Tom+%26+Jerry')).json())
    expect(page.info.count).toBe(oddIds.length)
  })
})
