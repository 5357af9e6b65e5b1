import { describe, expect, it } from 'vitest'
import { generateDataset } from '../../server/data/generate'
import { serveForTests } from '../../server/test/server'
import { type ApiRecord, locations } from '../catalogue'
import { readStream } from './stream'

/*
 * The stream reader against the real service (compressed, as fetch asks): a read cut short at any point and
 * resumed holds exactly the records of one uninterrupted read, whatever the point.
 */

const dataset = generateDataset({ locations: 3000, episodes: 30, seed: 31 })
const server = serveForTests({ dataset, apiKeys: ['stream-reader-key'] })

/** A fetch whose first stream answer ends (cleanly, as a proxy may end it) after `cut` bytes of its body. */
function cutting(cut: number): { fetch: typeof fetch; asked: URL[]; ifMatch: (string | null)[] } {
  const asked: URL[] = []
  const ifMatch: (string | null)[] = []
  const cutFetch: typeof fetch = async (input, init) => {
    asked.push(new URL(String(input)))
    ifMatch.push(new Headers(init?.headers).get('If-Match'))
    const response = await fetch(input, init)
    if (asked.length > 1 || response.body === null) return response
    const reader = response.body.getReader()
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done || sent >= cut) {
          await reader.cancel()
          controller.close()
          return
        }
        const part = value.subarray(0, Math.max(0, cut - sent))
        sent += part.length
        controller.enqueue(part)
      },
    })
    return new Response(body, { status: response.status, headers: response.headers })
  }
  return { fetch: cutFetch, asked, ifMatch }
}

async function read(fetchWith: typeof fetch): Promise<ApiRecord[]> {
  const records: ApiRecord[] = []
  const outcome = await readStream({
    baseUrl: server.origin,
    apiKey: 'stream-reader-key',
    fetch: fetchWith,
    list: { collection: locations, filters: { type: 'a' } },
    onRecords: (batch) => {
      records.push(...batch)
    },
  })
  expect(outcome).toMatchObject({ outcome: 'done' })
  return records
}

describe('a stream of the real service, interrupted and resumed', () => {
  it.each([
    [1, false],
    [700, true],
    [150_000, true],
  ])(
    'holds the records of one uninterrupted stream when cut after %i bytes (records whole before the cut: %s)',
    async (cut, continued) => {
      const whole = await read(fetch)
      expect(whole.length).toBeGreaterThan(1000)
      const interrupted = cutting(cut)
      expect(await read(interrupted.fetch)).toEqual(whole)
      expect(interrupted.asked).toHaveLength(2)
      // Continued after the last whole record, naming the stream; cut before any, started again.
      const after = interrupted.asked[1]?.searchParams.get('_after') ?? null
      expect(after !== null).toBe(continued)
      expect(interrupted.ifMatch[1] !== null).toBe(continued)
    },
  )
})
