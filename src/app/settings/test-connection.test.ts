import { describe, expect, it, vi } from 'vitest'
import { COLLECTIONS, describeHoldings } from '../../catalogue'
import { testConnection } from './test-connection'

const KEY = 'my-secret-key'
const empty = (count: number) => ({ info: { count, pages: 1, next: null, prev: null }, results: [] })

describe('testing a connection', () => {
  it('reports the count of every collection', async () => {
    const counts = new Map(
      COLLECTIONS.map(({ listPath }, index) => [listPath, [126, 51][index] ?? 40 + index]),
    )
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) =>
      Response.json(empty(counts.get(new URL(String(url)).pathname) ?? 0)),
    )
    const result = await testConnection({ baseUrl: 'https://x.test', apiKey: KEY }, fetchImpl)
    expect(result).toEqual({
      ok: true,
      message: `Connected: ${describeHoldings(COLLECTIONS.map(({ labels, listPath }) => ({ labels, count: counts.get(listPath) ?? 0 })))}.`,
    })
  })

  it('says when the key is refused, without repeating it', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ error: `Unknown key ${KEY}` }, { status: 401 }))
    const result = await testConnection({ baseUrl: '', apiKey: KEY }, fetchImpl)
    expect(result).toEqual({
      ok: false,
      problem: 'The service did not accept the API key. Enter a valid key to continue.',
    })
    expect(JSON.stringify(result)).not.toContain(KEY)
  })

  it('says when the service cannot be reached', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const result = await testConnection({ baseUrl: 'https://nowhere.test', apiKey: KEY }, fetchImpl)
    expect(result).toEqual({ ok: false, problem: 'The catalogue service could not be reached.' })
  })
})
