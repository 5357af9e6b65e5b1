import { describe, expect, it } from 'vitest'
import { type ApiRecord, PAGE_SIZE } from '../../src/catalogue'
import { STREAM_RECORDS_HEADER } from '../../src/catalogue/views/stream'
import { generateDataset } from '../data/generate'
import { errorOf, serveForTests } from '../test/server'

/*
 * Streams of views (contract §12): a sort, facet values and ranges hold in a stream as in the view's pages, on
 * the store under test (the engine in memory; SQL on the PostgreSQL store, in the `postgres` project).
 */

const dataset = generateDataset({ locations: 1500, episodes: 200, seed: 12 })
const service = serveForTests({ dataset })

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ApiRecord)

/** Every page of a view, one after another. */
async function pagesOf(view: string): Promise<ApiRecord[]> {
  const records: ApiRecord[] = []
  for (let page = 1; ; page++) {
    const answer = (await (await service.get(`${view}&page=${page}`)).json()) as {
      info: { pages: number }
      results: ApiRecord[]
    }
    records.push(...answer.results)
    if (page >= answer.info.pages) return records
  }
}

describe('a stream of a view', () => {
  it.each([
    '/v1/locations?_sort=name',
    '/v1/locations?_sort_desc=residents&type__exact=Planet&type__exact=',
    '/v1/locations?name=a&_sort=dimension&residents__gte=2&created__lte=2017-11-10',
    '/v1/episodes/?_sort_desc=air_date&season__exact=S02&season__exact=S05',
  ])('holds its records in its order, as its pages do: %s', async (view) => {
    const paged = await pagesOf(view)
    expect(paged.length).toBeGreaterThan(PAGE_SIZE)
    const response = await service.get(`${view}&_export=ndjson`)
    expect(response.headers.get(STREAM_RECORDS_HEADER)).toBe(String(paged.length))
    expect(lines(await response.text())).toEqual(paged)
  })

  it('resumes a sorted view after a record of it: interrupted and resumed, it holds the uninterrupted stream', async () => {
    const path = '/v1/locations?_sort=name&type__exact=Planet&_export=ndjson'
    const whole = await service.get(path)
    const tag = whole.headers.get('etag') as string
    const all = lines(await whole.text())
    const cut = Math.floor(all.length / 2)
    const after = all[cut - 1] as ApiRecord
    const rest = await service.get(`${path}&_after=${after.id}`, { headers: { 'if-match': tag } })
    expect(lines(await rest.text())).toEqual(all.slice(cut))
    // An id that is not one of the view's records: resuming there would skip or repeat records.
    const outside = dataset.locations.find((record) => record.type !== 'Planet')
    const refused = await service.get(`${path}&_after=${outside?.id}`)
    expect(refused.status).toBe(400)
    expect(await errorOf(refused)).toContain('"_after" names no record of this view')
  })

  it('writes the columns asked for, in their order, whatever the sort', async () => {
    const response = await service.get('/v1/locations?_sort_desc=name&_col=name&_col=id&_export=ndjson')
    const records = lines(await response.text())
    expect(records[0] && Object.keys(records[0])).toEqual(['name', 'id'])
    expect(records.map(({ id }) => id)).toEqual(
      (await pagesOf('/v1/locations?_sort_desc=name')).map(({ id }) => id),
    )
  })
})
