import { describe, expect, it, vi } from 'vitest'
import { locations as LOCATIONS } from '../catalogue'
import { createClient } from './client'
import { createRequestLog } from './request-log'

const KEY = 'secret-key-5678'

describe('the request log', () => {
  it('records each request: address, status, size and body, never the key', async () => {
    const log = createRequestLog()
    const body = { error: `Key ${KEY} is not valid` }
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 401 }))
    const client = createClient({ baseUrl: 'https://api.test', apiKey: KEY }, fetchImpl, log)
    await expect(client.list(LOCATIONS, { type: 'Planet' }, 2)).rejects.toThrow()
    const [entry] = log.entries()
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/v1/locations?page=2&type=Planet',
      base: 'https://api.test',
      status: 401,
      size: JSON.stringify(body).length,
      source: 'network',
    })
    expect(JSON.stringify(log.entries())).not.toContain(KEY)
  })

  it('records a request that got no answer, and tells listeners', async () => {
    const log = createRequestLog()
    const listener = vi.fn()
    log.subscribe(listener)
    const client = createClient(
      { baseUrl: '', apiKey: KEY },
      async () => Promise.reject(new TypeError('offline')),
      log,
    )
    await expect(client.one(LOCATIONS, 3)).rejects.toThrow()
    expect(log.entries()).toMatchObject([{ path: '/v1/locations/3', status: null, body: undefined }])
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('keeps only the latest entries', () => {
    const log = createRequestLog(2)
    for (const path of ['/a', '/b', '/c']) {
      log.record({
        method: 'GET',
        path,
        base: '',
        status: 200,
        durationMs: 1,
        size: 0,
        source: 'network',
        body: null,
      })
    }
    expect(log.entries().map((entry) => entry.path)).toEqual(['/b', '/c'])
    expect(log.lastSeq()).toBe(3)
  })
})
