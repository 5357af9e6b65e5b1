import { type IncomingMessage, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { DatasetLocation } from '../../src/catalogue'
import { generateDataset } from '../data/generate'
import { errorOf, serveForTests } from '../test/server'

/*
 * Streams whose clients read slowly or not at all (contract §13's slow readers): each must move a minimum of
 * bytes per window or be closed, and a process holds a bounded number open at once, whoever asks (here with
 * the rate limit off, so no lease per rate bucket stands in the way).
 */

/** Locations with many residents each: about 12 KB of NDJSON a record, about 25 MB in all. */
const dataset = generateDataset({ locations: 2000, episodes: 5, seed: 12 })
const residents = Array.from({ length: 300 }, (_, index) => index + 1)
for (const location of dataset.locations as DatasetLocation[]) location.residents = residents

const WINDOW_MS = 1_000
const service = serveForTests({
  dataset,
  rateLimit: 0,
  streamLimits: { maxOpen: 2, minBytes: 16 * 1024, windowMs: WINDOW_MS },
})

const PATH = '/v1/locations?_export=ndjson'

/** Opens a stream (with a request id of its own); resolves with the answer once its headers arrive, paused. */
function open(id: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${service.origin}${PATH}`, {
      headers: { authorization: 'Bearer catalogue-demo-key', 'x-request-id': id },
    })
    outgoing.on('response', (response) => {
      response.pause()
      resolve(response)
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** Resolves once the service has ended its answer to the request (its log line is written then). */
async function answerEnded(id: string): Promise<void> {
  await expect
    .poll(() => service.logs.some((line) => line.includes(`"reqId":"${id}"`)), { timeout: 20_000 })
    .toBe(true)
}

/** Reads the rest of an answer: whole (its end came), or cut by the service before its end. */
function rest(response: IncomingMessage): Promise<'whole' | 'cut'> {
  return new Promise((resolve) => {
    response.once('end', () => resolve(response.complete ? 'whole' : 'cut'))
    response.once('aborted', () => resolve('cut'))
    response.once('error', () => resolve('cut'))
    response.resume()
  })
}

describe('streams whose clients read slowly', () => {
  it('closes a stream whose client stopped reading, within a few windows of the stop', async () => {
    const response = await open('stopped')
    const started = performance.now()
    await answerEnded('stopped')
    expect(performance.now() - started).toBeLessThan(10 * WINDOW_MS)
    expect(await rest(response)).toBe('cut')
  }, 30_000)

  it('closes a stream whose client reads ten bytes a second, though bytes keep moving', async () => {
    const response = await open('trickle')
    let read = 0
    const trickle = setInterval(() => {
      const chunk = response.read(1) as Buffer | null
      if (chunk) read += chunk.length
    }, 100)
    try {
      await answerEnded('trickle')
      expect(read).toBeGreaterThan(0)
    } finally {
      clearInterval(trickle)
    }
    expect(await rest(response)).toBe('cut')
  }, 30_000)

  it('streams the whole of it to a client that reads', async () => {
    const response = await open('reader')
    expect(await rest(response)).toBe('whole')
  }, 30_000)

  it('refuses a stream past the streams open at once with 503 and Retry-After, before its first byte', async () => {
    const held = [await open('held-1'), await open('held-2')]
    const refused = await service.get(PATH)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(await errorOf(refused)).toBe(
      'Too many exports are being streamed at once (this service streams 2 at most): retry in 2 seconds.',
    )
    // Once the stalled ones are closed, their places are free again.
    await Promise.all([answerEnded('held-1'), answerEnded('held-2')])
    const next = await service.get(`${PATH}&_col=id`)
    expect(next.status).toBe(200)
    await next.text()
    for (const response of held) response.destroy()
  }, 30_000)
})
