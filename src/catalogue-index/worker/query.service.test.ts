import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEMO_KEY } from '../../../server/config'
import { serveForTests } from '../../../server/test/server'
import { type ApiRecord, COLLECTIONS, type Filters } from '../../catalogue'
import { crawl, type ListTarget } from '../../crawler'
import { listPageOf } from './query'

/**
 * The index answers a list with the contract's matching rule: for the same filters and page, its answer is the
 * service's, row for row, over many filter combinations on the shipped dataset.
 */
describe('a list from the index is the list from the service', () => {
  const server = serveForTests()

  for (const collection of COLLECTIONS) {
    // 150 combinations × 4 pages against the real service (timeout below): seconds on a loaded machine.
    it(`${collection.name}: same count, pages and rows for many filter combinations`, async () => {
      const records: ApiRecord[] = []
      const target: ListTarget = { collection }
      await crawl({
        baseUrl: server.origin,
        apiKey: DEMO_KEY,
        fetch: (input, init) => fetch(input, init),
        lists: [target],
        onPage: (page) => {
          records.push(...page.results)
        },
      })
      const fieldValues = (name: string) =>
        records.map((record) => String((record as Record<string, unknown>)[name] ?? ''))
      // Values taken from the data (whole, a slice, other case, padded), plus arbitrary text.
      const valueFor = (name: string) =>
        fc.oneof(
          fc.constant(''),
          fc
            .tuple(fc.constantFrom(...fieldValues(name)), fc.nat(), fc.nat(), fc.boolean(), fc.boolean())
            .map(([text, a, b, upper, padded]) => {
              const start = a % (text.length + 1)
              const slice = text.slice(start, start + (b % 8) + 1)
              const cased = upper ? slice.toUpperCase() : slice
              return padded ? `  ${cased} ` : cased
            }),
          fc.string({ maxLength: 3 }),
        )
      const filtersArb = fc.record(
        Object.fromEntries(collection.filters.map((name) => [name, valueFor(name)])),
      ) as fc.Arbitrary<Filters<string>>
      await fc.assert(
        fc.asyncProperty(filtersArb, fc.integer({ min: 1, max: 4 }), async (filters, page) => {
          const local = listPageOf(collection, records, filters, page, server.origin)
          const params = new URLSearchParams()
          if (page !== 1) params.set('page', String(page))
          for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
          const response = await server.get(`${collection.listPath}?${params}`)
          if (page > Math.max(1, local.info.pages)) {
            expect(response.status).toBe(404)
            return
          }
          expect(response.status).toBe(200)
          expect(local).toEqual(await response.json())
        }),
        { numRuns: 150 },
      )
    }, 60_000)
  }
})
