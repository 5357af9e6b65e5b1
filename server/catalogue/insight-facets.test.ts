import { describe, expect, it } from 'vitest'
import { parseAirDate } from '../../src/catalogue'
import { countInBins } from '../../src/catalogue/count-bins'
import { errorOf, serveForTests, shippedDataset } from '../test/server'

const server = serveForTests()
const slow = serveForTests({ views: { facetTimeLimitMs: 0 } })
// Residents named twice by one location: the bins count distinct numbers, as the insights' chart does.
const doubled = {
  ...shippedDataset,
  locations: shippedDataset.locations.map((location, at) =>
    at % 3 === 0 ? { ...location, residents: [...location.residents, ...location.residents] } : location,
  ),
}
const repeated = serveForTests({ dataset: doubled })

interface Facets {
  [name: string]: {
    counted: boolean
    bins?: { from: number; to: number | null; count: number }[]
    unit?: string
    values?: { value: string; count?: number }[]
  }
}

async function facetsOf(service: typeof server, path: string) {
  const response = await service.get(path)
  expect(response.status, path).toBe(200)
  const body = (await response.json()) as {
    info: { count: number; next: string | null; view?: string }
    facets: Facets
  }
  return body
}

const binsOf = (counts: number[]) =>
  countInBins(counts).map(({ bin: [from, to], count }) => ({ from, to, count }))
const yearOf = (text: string) => String(parseAirDate(text)?.getUTCFullYear())
const tally = (values: string[]) => {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([value, count]) => ({ value, count }))
}

describe('the insights’ facets (contract §13)', () => {
  it('bins a count column’s distinct numbers, in the insights’ bins, over the whole list and over a view', async () => {
    const whole = await facetsOf(repeated, '/v1/locations?_facet_bins=residents')
    const distinct = doubled.locations.map((location) => new Set(location.residents).size)
    expect(whole.facets.residents).toEqual({ bins: binsOf(distinct), counted: true })
    expect(whole.info.view).toBe('_facet_bins=residents')
    const planets = await facetsOf(
      repeated,
      '/v1/locations?type__exact=Planet&_facet=type&_facet_bins=residents',
    )
    const ofPlanets = doubled.locations.filter((location) => location.type === 'Planet')
    expect(planets.facets.residents).toEqual({
      bins: binsOf(ofPlanets.map((location) => new Set(location.residents).size)),
      counted: true,
    })
    expect(planets.info.count).toBe(ofPlanets.length)
  })

  it('counts a date column by UTC year or month, in order, beside the facets', async () => {
    const episodes = shippedDataset.episodes
    const byYear = await facetsOf(server, '/v1/episodes/?_facet=season&_facet_size=1000&_facet_date=air_date')
    expect(byYear.facets.air_date).toEqual({
      unit: 'year',
      values: tally(episodes.map((episode) => yearOf(episode.air_date))),
      counted: true,
    })
    expect(byYear.facets.season?.counted).toBe(true)
    const monthOf = (text: string) => {
      const date = parseAirDate(text) as Date
      return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
    }
    const byMonth = await facetsOf(
      server,
      '/v1/episodes/?air_date__gte=2015&_facet_date=air_date&_facet_date=created&_facet_date_unit=month',
    )
    const since = episodes.filter((episode) => yearOf(episode.air_date) >= '2015')
    expect(byMonth.facets.air_date?.values).toEqual(tally(since.map((episode) => monthOf(episode.air_date))))
    expect(byMonth.facets.created?.unit).toBe('month')
    expect(new URL(byMonth.info.next ?? '').search).toBe(
      '?page=2&air_date__gte=2015&_facet_date=air_date&_facet_date=created&_facet_date_unit=month',
    )
  })

  it('answers the whole list’s at once however short the time to count, and a view’s past it as not counted', async () => {
    const whole = await facetsOf(slow, '/v1/locations?_facet_bins=residents&_facet_date=created')
    expect(whole.facets.residents?.counted).toBe(true)
    expect(whole.facets.created?.counted).toBe(true)
    const viewed = await facetsOf(slow, '/v1/locations?name=a&_facet_bins=residents&_facet_date=created')
    expect(viewed.facets.residents).toEqual({ bins: [], counted: false })
    expect(viewed.facets.created).toEqual({ unit: 'year', values: [], counted: false })
  })

  it.each([
    ['_facet_bins=name', '_facet_bins'],
    ['_facet_bins=created', '_facet_bins'],
    ['_facet_date=residents', '_facet_date'],
    ['_facet_date=created&_facet_date_unit=week', '_facet_date_unit'],
    ['_facet_date=created&_facet_date_unit=year&_facet_date_unit=month', '_facet_date_unit'],
  ])('refuses %s with 400 naming %s', async (query, parameter) => {
    const response = await server.get(`/v1/locations?${query}`)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toContain(`"${parameter}"`)
  })
})
