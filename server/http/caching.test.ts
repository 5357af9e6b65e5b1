import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { rawRequest, serveForTests } from '../test/server'

const server = serveForTests({ publicUrl: 'https://catalogue.example.com' })

const rawGet = (path: string, headers: Record<string, string>) => rawRequest(server.origin, path, headers)
const AUTH = { authorization: 'Bearer catalogue-demo-key' }

describe('caching', () => {
  it('never lets a cache keep a refusal', async () => {
    for (const [path, headers] of [
      ['/v1/locations?page=0', AUTH],
      ['/v1/locations', {}],
      ['/v1/locations/999999', AUTH],
      ['/v1/nothing', AUTH],
    ] as const) {
      const answer = await rawGet(path, headers)
      expect(answer.status, path).toBeGreaterThanOrEqual(400)
      expect(answer.headers['cache-control'], path).toBe('no-store')
    }
  })

  it('sends an ETag and a private Cache-Control on every 200, and 304 for a matching If-None-Match', async () => {
    for (const path of [
      '/v1/locations',
      '/v1/locations?page=2&name=e',
      '/v1/episodes/1',
      '/v1/episodes/[1,2]',
    ]) {
      const first = await server.get(path)
      expect(first.status).toBe(200)
      const etag = first.headers.get('etag')
      expect(etag).toMatch(/^"[^"]+"$/)
      expect(first.headers.get('cache-control')).toBe('private, max-age=60')
      expect(first.headers.get('vary')).toBe('Authorization, Accept-Encoding')
      const again = await server.get(path, { headers: { 'if-none-match': etag as string } })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(await again.text()).toBe('')
      const weak = await server.get(path, { headers: { 'if-none-match': `"other", W/${etag}` } })
      expect(weak.status).toBe(304)
    }
  })

  it('answers 200 when the ETag does not match, and different bodies have different ETags', async () => {
    const one = await server.get('/v1/locations?page=1')
    const two = await server.get('/v1/locations?page=2')
    expect(one.headers.get('etag')).not.toBe(two.headers.get('etag'))
    const stale = await server.get('/v1/locations?page=1', { headers: { 'if-none-match': '"stale"' } })
    expect(stale.status).toBe(200)
  })

  it('builds every address from CATALOGUE_PUBLIC_URL when it is set', async () => {
    const page = (await (await server.get('/v1/locations?name=a')).json()) as {
      info: { next: string }
      results: { url: string; residents: string[] }[]
    }
    expect(page.info.next).toBe('https://catalogue.example.com/v1/locations?page=2&name=a')
    expect(page.results[0]?.url).toMatch(/^https:\/\/catalogue\.example\.com\/v1\/locations\/\d+$/)
    const residents = page.results.flatMap((location) => location.residents)
    expect(residents.every((url) => url.startsWith('https://catalogue.example.com/v1/characters/'))).toBe(
      true,
    )
  })
})

describe('compression', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
    ['gzip', 'br;q=0, gzip', gunzipSync],
    ['gzip', 'gzip;q=0.5, br;q=0.1', gunzipSync],
    ['br', 'gzip;q=0, *', brotliDecompressSync],
    ['gzip', 'GZIP', gunzipSync],
    ['gzip', 'br;q=0, *', gunzipSync],
  ] as const)('sends %s when the caller accepts "%s"', async (encoding, accept, decode) => {
    const plain = await rawGet('/v1/locations', AUTH)
    const compressed = await rawGet('/v1/locations', { ...AUTH, 'accept-encoding': accept })
    expect(compressed.status).toBe(200)
    expect(compressed.headers['content-encoding']).toBe(encoding)
    expect(compressed.body.length).toBeLessThan(plain.body.length / 2)
    expect(decode(compressed.body).toString()).toBe(plain.body.toString())
    expect(compressed.headers.etag).not.toBe(plain.headers.etag)
    const revalidated = await rawGet('/v1/locations', {
      ...AUTH,
      'accept-encoding': accept,
      'if-none-match': compressed.headers.etag as string,
    })
    expect(revalidated.status).toBe(304)
  })

  it('sends the plain body without Accept-Encoding, when every coding is refused, or for small bodies', async () => {
    expect((await rawGet('/v1/locations', AUTH)).headers['content-encoding']).toBeUndefined()
    for (const accept of ['br;q=0, gzip;q=0, *', 'identity', 'deflate']) {
      const refused = await rawGet('/v1/locations', { ...AUTH, 'accept-encoding': accept })
      expect(refused.headers['content-encoding'], accept).toBeUndefined()
    }
    const small = await rawGet('/v1/episodes/[]', { ...AUTH, 'accept-encoding': 'br' })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body.toString()).toBe('[]')
  })
})

describe('repeated requests', () => {
  const comparable = (headers: Record<string, string | string[] | undefined>) => {
    // Each answer has its own date and request id.
    const { date: _date, 'x-request-id': _id, ...rest } = headers
    return rest
  }

  it.each([[{}], [{ 'accept-encoding': 'br' }], [{ 'accept-encoding': 'gzip' }]])(
    'are answered exactly like the first one (%o)',
    async (extra) => {
      const path = `/v1/locations?page=3&dimension=dimension&r=${Object.keys(extra).length}`
      const first = await rawGet(path, { ...AUTH, ...extra })
      const second = await rawGet(path, { ...AUTH, ...extra })
      expect(second.status).toBe(200)
      expect(comparable(second.headers)).toEqual(comparable(first.headers))
      expect(second.body.equals(first.body)).toBe(true)
      const revalidated = await rawGet(path, {
        ...AUTH,
        ...extra,
        'if-none-match': first.headers.etag as string,
      })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers['access-control-allow-origin']).toBe('*')
    },
  )

  it('still refuse a missing or wrong key', async () => {
    await rawGet('/v1/episodes/2', AUTH)
    expect((await rawGet('/v1/episodes/2', {})).status).toBe(401)
    expect((await rawGet('/v1/episodes/2', { authorization: 'Bearer wrong' })).status).toBe(401)
  })
})
