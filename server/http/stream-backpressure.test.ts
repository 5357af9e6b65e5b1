import { type IncomingMessage, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { DatasetLocation } from '../../src/catalogue'
import { STREAM_RECORDS_HEADER } from '../../src/catalogue/views/stream'
import type { CollectionSource } from '../catalogue/source'
import { generateDataset } from '../data/generate'
import { serveForTests } from '../test/server'

/*
 * A stream is read from the store as the client takes it (backpressure): a client that stops reading stops
 * the reads, so the service never holds a whole view in memory, whatever its size (contract §12).
 */

/** Locations with many residents each: about 12 KB of NDJSON a record, about 50 MB in all. */
const LOCATIONS = 4000
const dataset = generateDataset({ locations: LOCATIONS, episodes: 5, seed: 12 })
const residents = Array.from({ length: 300 }, (_, index) => index + 1)
for (const location of dataset.locations as DatasetLocation[]) location.residents = residents

/** How many records the service has read from the store so far. */
let read = 0
const counted = (source: CollectionSource): CollectionSource =>
  new Proxy(source, {
    get(target, name, receiver) {
      if (name === 'slice')
        return async (start: number, end: number) => {
          const records = await target.slice(start, end)
          read += records.length
          return records
        }
      const value = Reflect.get(target, name, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })

const service = serveForTests({ dataset, sources: counted })

/** Opens a stream and stops reading it once its first bytes arrive: the paused answer, and those bytes. */
function openPaused(path: string): Promise<{ response: IncomingMessage; first: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${service.origin}${path}`, {
      headers: { authorization: 'Bearer catalogue-demo-key' },
    })
    outgoing.on('response', (response) => {
      response.once('data', (first: Buffer) => {
        response.pause()
        resolve({ response, first })
      })
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

const newlinesIn = (chunk: Buffer) => chunk.reduce((sum, byte) => sum + (byte === 0x0a ? 1 : 0), 0)

/** Resumes a paused answer and counts the lines of the rest of it. */
function linesOfRest(response: IncomingMessage): Promise<number> {
  return new Promise((resolve, reject) => {
    let newlines = 0
    response.on('data', (chunk: Buffer) => {
      newlines += newlinesIn(chunk)
    })
    response.on('end', () => resolve(newlines))
    response.on('error', reject)
    response.resume()
  })
}

describe('a stream whose client stops reading', () => {
  // 50 MB through loopback: a few seconds, more on a busy machine.
  it('stops reading the store until the client reads again, then holds every record', {
    timeout: 60_000,
  }, async () => {
    read = 0
    const { response, first } = await openPaused('/v1/locations?_export=ndjson')
    expect(response.headers[STREAM_RECORDS_HEADER.toLowerCase()]).toBe(String(LOCATIONS))
    // The reads stop once the sockets' buffers are full: the same count three polls in a row.
    let stable: number[] = []
    await expect
      .poll(
        () => {
          stable = [...stable.slice(-2), read]
          return stable.length === 3 && stable.every((count) => count === stable[0])
        },
        { interval: 200, timeout: 20_000 },
      )
      .toBe(true)
    expect(read).toBeLessThan(LOCATIONS / 2)
    // One record a line, each line ended by a newline.
    expect(newlinesIn(first) + (await linesOfRest(response))).toBe(LOCATIONS)
    expect(read).toBe(LOCATIONS)
  })
})
