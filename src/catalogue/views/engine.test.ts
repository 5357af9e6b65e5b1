import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Column, episodes, filterMatches, type Location, locations, PAGE_SIZE, parseAirDate } from '..'
import { answerView, evaluateView, prepareList, viewRecords } from './engine'
import type { ListView } from './view'

const NAMES = ['Planet 9', 'Planet 10', 'planet 2', 'Émile', 'Emile', 'Zürich Nine', 'Zurich', '', 'Café']
const TYPES = ['Planet', 'planet', '', 'Space station', 'Moon']
const location = (
  id: number,
  name: string,
  type: string,
  dimension: string,
  residents: number,
  created: string,
): Location => ({
  id,
  name,
  type,
  dimension,
  residents: Array.from({ length: residents }, (_, index) => `https://c.test/v1/characters/${index + 1}`),
  url: `https://c.test/v1/locations/${id}`,
  created,
})

/** Locations with ties, accents, numbers in names, empty values; ids unique, given in any order. */
const catalogue = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 400 }),
      name: fc.constantFrom(...NAMES),
      type: fc.constantFrom(...TYPES),
      dimension: fc.constantFrom('C-137', 'c-137', '', 'Dimension 5-126'),
      residents: fc.integer({ min: 0, max: 4 }),
      created: fc.constantFrom('2017-11-10T12:42:04.162Z', '2015-01-01T00:00:00.000Z', 'not a date'),
    }),
    { selector: (record) => record.id, maxLength: 70 },
  )
  .map((records) => records.map((r) => location(r.id, r.name, r.type, r.dimension, r.residents, r.created)))

const views: fc.Arbitrary<ListView> = fc.record({
  filters: fc.record({ name: fc.constantFrom('', 'pla', 'e', 'zür') }),
  facets: fc.record({
    type: fc.subarray(TYPES),
    dimension: fc.subarray(['C-137', '', 'nowhere']),
  }),
  ranges: fc.record({
    residents: fc.record({
      from: fc.option(fc.integer({ min: 0, max: 4 })),
      to: fc.option(fc.integer({ min: 0, max: 4 })),
    }),
  }),
  sort: fc.option(
    fc.record({
      field: fc.constantFrom('name', 'type', 'residents', 'created', 'id'),
      descending: fc.boolean(),
    }),
  ),
})

/** The same view, computed the plain way: filter each rule in turn, then sort the whole list. */
function expected(records: readonly Location[], view: ListView) {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  const { from, to } = view.ranges.residents ?? { from: null, to: null }
  const inRange = (r: Location) =>
    (from === null || r.residents.length >= from) && (to === null || r.residents.length <= to)
  const chosen = (name: 'type' | 'dimension', r: Location) => {
    const values = view.facets[name] ?? []
    return values.length === 0 || values.includes(r[name])
  }
  const contains = (r: Location) => filterMatches(r.name, view.filters.name ?? '')
  const rows = records.filter((r) => contains(r) && chosen('type', r) && chosen('dimension', r) && inRange(r))
  const value = (r: Location): string | number | null => {
    const field = view.sort?.field
    if (field === 'residents') return r.residents.length
    if (field === 'id') return r.id
    if (field === 'created') return Number.isNaN(Date.parse(r.created)) ? null : Date.parse(r.created)
    const text = field === 'name' || field === 'type' ? r[field] : ''
    return text === '' ? null : text
  }
  const direction = view.sort?.descending ? -1 : 1
  rows.sort((a, b) => {
    if (!view.sort) return a.id - b.id
    const va = value(a)
    const vb = value(b)
    if (va === null || vb === null) return (va === null ? 1 : 0) - (vb === null ? 1 : 0) || a.id - b.id
    const order =
      typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb))
    return direction * order || a.id - b.id
  })
  const counts = (name: 'type' | 'dimension') => {
    const other = name === 'type' ? 'dimension' : 'type'
    const pool = records.filter((r) => contains(r) && chosen(other, r) && inRange(r))
    const tally = new Map<string, number>()
    for (const r of pool) tally.set(r[name], (tally.get(r[name]) ?? 0) + 1)
    for (const value of view.facets[name] ?? []) if (!tally.has(value)) tally.set(value, 0)
    return Object.fromEntries(tally)
  }
  return { rows, counts: { type: counts('type'), dimension: counts('dimension') } }
}

describe('a view of a list answered by the index', () => {
  it('gives the rows, their order, the count and every facet count an independent computation gives', () => {
    fc.assert(
      fc.property(catalogue, views, fc.integer({ min: 1, max: 4 }), (records, view, page) => {
        const answer = answerView(locations, records, view, page)
        const { rows, counts } = expected(records, view)
        expect(answer.info.count).toBe(rows.length)
        expect(answer.results.map((r) => r.id)).toEqual(
          rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.id),
        )
        for (const facet of answer.facets) {
          const name = facet.name === 'type' ? 'type' : 'dimension'
          expect(Object.fromEntries(facet.values.map(({ value, count }) => [value, count]))).toEqual(
            counts[name],
          )
          for (const { value, chosen } of facet.values)
            expect(chosen).toBe((view.facets[name] ?? []).includes(value))
          const order = facet.values.map(({ count }) => count ?? -1)
          expect(order).toEqual([...order].sort((a, b) => b - a))
        }
      }),
      { numRuns: 300 },
    )
  })

  it('gives an export every record of the view, in the order its pages show them', () => {
    fc.assert(
      fc.property(catalogue, views, (records, view) => {
        const all = viewRecords(locations, records, view)
        expect(all.map((record) => record.id)).toEqual(
          expected(records, view).rows.map((record) => record.id),
        )
        const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE))
        const paged = Array.from({ length: pages }, (_, index) =>
          answerView(locations, records, view, index + 1).results.map((record) => record.id),
        ).flat()
        expect(paged).toEqual(all.map((record) => record.id))
      }),
      { numRuns: 100 },
    )
  })

  it('sorts text as people read it, numbers as numbers, ties by id and empty values last both ways', () => {
    const records = [
      location(5, 'Planet 10', 'Planet', '', 3, 'not a date'),
      location(2, 'Planet 9', '', '', 1, '2015-01-01T00:00:00.000Z'),
      location(9, 'émile', 'Moon', '', 3, '2017-11-10T12:42:04.162Z'),
      location(1, 'Emile', 'Moon', '', 0, '2016-01-01T00:00:00.000Z'),
      location(4, '', 'Moon', '', 10, '2014-01-01T00:00:00.000Z'),
    ]
    const sorted = (field: string, descending = false) =>
      answerView(
        locations,
        records,
        { filters: {}, facets: {}, ranges: {}, sort: { field, descending } },
        1,
      ).results.map((r) => r.id)
    expect(sorted('name')).toEqual([1, 9, 2, 5, 4])
    expect(sorted('name', true)).toEqual([5, 2, 1, 9, 4])
    expect(sorted('residents')).toEqual([1, 2, 5, 9, 4])
    expect(sorted('residents', true)).toEqual([4, 5, 9, 2, 1])
    expect(sorted('type', true)).toEqual([5, 1, 4, 9, 2])
    expect(sorted('created')).toEqual([4, 2, 1, 9, 5])
  })

  it('keeps a chosen value in its facet at 0, and matches values exactly: "Planet" is not "planet"', () => {
    const records = [location(1, 'A', 'Planet', 'X', 0, ''), location(2, 'B', 'planet', 'Y', 0, '')]
    const answer = answerView(
      locations,
      records,
      { filters: {}, facets: { type: ['Planet'], dimension: ['Y'] }, ranges: {}, sort: null },
      1,
    )
    expect(answer.results).toEqual([])
    expect(answer.facets.find((f) => f.name === 'type')?.values).toEqual([
      { value: 'planet', count: 1, chosen: false },
      { value: 'Planet', count: 0, chosen: true },
    ])
  })

  it('ranges dates in UTC and facets episodes by season', () => {
    const code = (id: number, episode: string, air_date: string) => ({
      id,
      name: `E${id}`,
      air_date,
      episode,
      characters: [],
      url: '',
      created: '2017-11-10T12:42:04.162Z',
    })
    const records = [
      code(1, 'S01E01', 'December 2, 2013'),
      code(2, 'S02E01', 'July 26, 2015'),
      code(3, 'S02E02', 'August 2, 2015'),
      code(4, 'S03E01', 'April 1, 2017'),
    ]
    const airDate = episodes.columns.find((c) => c.field === 'air_date') as Column<(typeof records)[number]>
    expect(airDate.range).toBe(true)
    const in2015 = {
      from: Date.UTC(2015, 0, 1),
      to: Date.UTC(2016, 0, 1) - 1,
    }
    const answer = answerView(
      episodes,
      records,
      { filters: {}, facets: {}, ranges: { air_date: in2015 }, sort: null },
      1,
    )
    expect(answer.results.map((r) => r.id)).toEqual([2, 3])
    expect(answer.facets[0]?.values).toEqual([{ value: 'S02', count: 2, chosen: false }])
    expect(parseAirDate('July 26, 2015')?.getTime()).toBe(Date.UTC(2015, 6, 26))
  })
})

describe('a view counted as a service counts it', () => {
  const records = [
    location(1, 'A', 'Planet', 'X', 0, ''),
    location(2, 'B', 'Moon', 'X', 1, ''),
    location(3, 'C', 'Planet', 'Y', 2, ''),
  ]
  const view: ListView = { filters: {}, facets: { type: ['Planet'] }, ranges: {}, sort: null }
  const all = Uint32Array.from([0, 1, 2])

  it('counts only the facets asked for, and still applies every choice', () => {
    const answer = evaluateView(locations, view, prepareList(records), all, { count: ['dimension'] })
    expect(answer.ordered).toEqual([0, 2])
    expect(answer.facets.map((facet) => facet.name)).toEqual(['dimension'])
    expect(answer.facets[0]?.values).toEqual([
      { value: 'X', count: 1, chosen: false },
      { value: 'Y', count: 1, chosen: false },
    ])
    expect(answer.counted).toBe(true)
  })

  it('answers a window of a view alike whether or not it counts facets, on every record or a filtered few', () => {
    fc.assert(
      fc.property(
        catalogue,
        // Half of them with no facet value and no range: the service's plain sorts and pages.
        fc.oneof(
          views,
          views.map((view) => ({ ...view, facets: {}, ranges: {} })),
        ),
        fc.nat({ max: 80 }),
        fc.nat({ max: 30 }),
        fc.boolean(),
        (records, view, start, length, filtered) => {
          const prepared = prepareList(records)
          const base = filtered
            ? prepared.filtered(locations, { name: 'e' })
            : prepared.filtered(locations, {})
          const whole = evaluateView(locations, view, prepared, base)
          const window = { start, end: start + length }
          const uncounted = evaluateView(locations, view, prepared, base, { count: [], window })
          expect(uncounted.count).toBe(whole.ordered.length)
          expect(uncounted.ordered).toEqual(whole.ordered.slice(window.start, window.end))
          expect(uncounted.facets).toEqual([])
        },
      ),
      { numRuns: 300 },
    )
  })

  it('stops counting once out of time, and still answers every row', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      location(index + 1, `N${index}`, index % 2 ? 'Planet' : 'Moon', '', 0, ''),
    )
    const positions = Uint32Array.from(many.keys())
    const answer = evaluateView(locations, view, prepareList(many), positions, { outOfTime: () => true })
    expect(answer.counted).toBe(false)
    expect(answer.ordered).toHaveLength(5_000)
  })
})
