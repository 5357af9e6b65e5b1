import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { rawRequest, serveForTests } from '../test/server'

/** The sizes of the bodies compressed synchronously, on the event loop, during this file's tests. */
const syncSizes: number[] = []
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>()
  return {
    ...zlib,
    brotliCompressSync: (body: Buffer, options?: object) => {
      syncSizes.push(body.length)
      return zlib.brotliCompressSync(body, options)
    },
    gzipSync: (body: Buffer, options?: object) => {
      syncSizes.push(body.length)
      return zlib.gzipSync(body, options)
    },
  }
})

const server = serveForTests()
const AUTH = { authorization: 'Bearer catalogue-demo-key' }

describe('compression of new bodies (contract §11, fair CPU)', () => {
  it('compresses a large new body off the event loop, and sends the same bytes compressed', async () => {
    const ids = Array.from({ length: 126 }, (_, index) => index + 1)
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Distinct lists, as a client asking for new id lists sends them.
      for (let round = 0; round < 3; round++) {
        const path = `/v1/locations/${ids.slice(round).join(',')}`
        const plain = await rawRequest(server.origin, path, AUTH)
        const compressed = await rawRequest(server.origin, path, { ...AUTH, 'accept-encoding': encoding })
        expect(compressed.status).toBe(200)
        expect(compressed.headers['content-encoding']).toBe(encoding)
        expect(decode(compressed.body).equals(plain.body)).toBe(true)
        expect(plain.body.length).toBeGreaterThan(32 * 1024)
      }
    }
    expect(syncSizes.filter((size) => size > 32 * 1024)).toEqual([])
  })
})
