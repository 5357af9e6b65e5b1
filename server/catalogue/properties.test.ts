import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serveForTests, shippedDataset } from '../test/server'

const server = serveForTests()

interface Page {
  info: { count: number; pages: number; next: string | null; prev: string | null }
  results: { id: number; name: string; type?: string; dimension?: string; episode?: string }[]
}

/** Pieces of real field values (so filters often match) mixed with awkward characters and case changes. */
function filterValue(fieldValues: string[]): fc.Arbitrary<string> {
  const fromData = fc
    .tuple(fc.constantFrom(...fieldValues), fc.nat(), fc.integer({ min: 0, max: 6 }), fc.boolean())
    .map(([value, start, length, upper]) => {
      const piece = value.slice(
        start % Math.max(1, value.length),
        (start % Math.max(1, value.length)) + length,
      )
      return upper ? piece.toUpperCase() : piece
    })
  const awkward = fc.constantFrom('', ' ', '  a ', '&', '#', '%', '+', '(', '.*', 'é', 'ü', 'ñ', 'x y', 'S0')
  return fc.oneof(fromData, awkward, fc.string({ maxLength: 4 }))
}

/** The plain rule written again, independently: trimmed value, lower case, substring. */
function oracle<Row extends Record<string, unknown>>(rows: Row[], filters: Record<string, string>): number[] {
  return rows
    .filter((row) =>
      Object.entries(filters).every(([field, value]) =>
        String(row[field]).toLowerCase().includes(value.trim().toLowerCase()),
      ),
    )
    .map((row) => row.id as number)
    .sort((a, b) => a - b)
}

async function walkAll(
  path: string,
): Promise<{ ids: number[]; count: number; pages: number; visited: number }> {
  const first = (await (await server.get(path)).json()) as Page
  const ids = first.results.map((record) => record.id)
  let next = first.info.next
  let visited = 1
  while (next) {
    const response = await server.get(next.slice(server.origin.length))
    expect(response.status).toBe(200)
    const page = (await response.json()) as Page
    expect(page.info.count).toBe(first.info.count)
    expect(page.info.pages).toBe(first.info.pages)
    ids.push(...page.results.map((record) => record.id))
    next = page.info.next
    visited++
  }
  return { ids, count: first.info.count, pages: first.info.pages, visited }
}

const query = (filters: Record<string, string>) =>
  Object.entries(filters)
    .map(([field, value]) => `${field}=${encodeURIComponent(value)}`)
    .join('&')

describe('properties', { timeout: 60_000 }, () => {
  it('walking every page of a filtered location list yields exactly the matching records, once each, in id order', async () => {
    const locations = shippedDataset.locations
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: filterValue(locations.map((l) => l.name)),
            type: filterValue(locations.map((l) => l.type)),
            dimension: filterValue(locations.map((l) => l.dimension)),
          },
          { requiredKeys: [] },
        ),
        async (filters) => {
          const walked = await walkAll(`/v1/locations?${query(filters)}`)
          const expected = oracle(locations as unknown as Record<string, unknown>[], filters)
          expect(walked.ids).toEqual(expected)
          expect(walked.count).toBe(expected.length)
          expect(walked.pages).toBe(Math.ceil(expected.length / 20))
          expect(walked.visited).toBe(Math.max(1, walked.pages))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('the same holds for episodes, filtered by name and episode code', async () => {
    const episodes = shippedDataset.episodes
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: filterValue(episodes.map((e) => e.name)),
            episode: filterValue(episodes.map((e) => e.episode)),
          },
          { requiredKeys: [] },
        ),
        async (filters) => {
          const walked = await walkAll(`/v1/episodes/?${query(filters)}`)
          const expected = oracle(episodes as unknown as Record<string, unknown>[], filters)
          expect(walked.ids).toEqual(expected)
          expect(walked.count).toBe(expected.length)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('a random id list gives exactly the known ids among them, ascending, once each', async () => {
    const known = new Set(shippedDataset.locations.map((location) => location.id))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.boolean(),
        async (ids, bracketed, padded) => {
          const items = ids.map((id) => (padded ? ` 00${id} ` : String(id)))
          const text = bracketed ? `[${items.join(',')}]` : items.join(',')
          const response = await server.get(`/v1/locations/${encodeURIComponent(text)}`)
          const expected = [...new Set(ids)].filter((id) => known.has(id)).sort((a, b) => a - b)
          if (!bracketed && ids.length === 1) {
            expect(response.status).toBe(expected.length === 1 ? 200 : 404)
            if (expected.length === 1)
              expect(((await response.json()) as { id: number }).id).toBe(expected[0])
            return
          }
          expect(response.status).toBe(200)
          expect(((await response.json()) as { id: number }[]).map((record) => record.id)).toEqual(expected)
        },
      ),
      { numRuns: 80 },
    )
  })
})
