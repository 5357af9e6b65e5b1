import { describe, expect, it } from 'vitest'
import { rawRequest, serveForTests } from '../test/server'

const AUTH = { authorization: 'Bearer catalogue-demo-key' }

/** The `url` of one location as a client sending these headers receives it. */
async function urlSeenWith(origin: string, headers: Record<string, string>): Promise<string> {
  const answer = await rawRequest(origin, '/v1/locations/2', { ...AUTH, ...headers })
  expect(answer.status).toBe(200)
  return (JSON.parse(answer.body.toString()) as { url: string }).url
}

describe('forwarded headers behind a trusted proxy (contract §11)', () => {
  const server = serveForTests({ trustProxy: '127.0.0.1' })

  it('counts X-Forwarded-Proto only when it is http or https, and never serves one scheme’s answer for another', async () => {
    const host = { host: 'catalogue.example' }
    // The first client poisons nothing: its scheme is ignored and the socket's used.
    expect(await urlSeenWith(server.origin, { ...host, 'x-forwarded-proto': 'javascript:alert(1)//' })).toBe(
      'http://catalogue.example/v1/locations/2',
    )
    expect(await urlSeenWith(server.origin, { ...host, 'x-forwarded-proto': 'x'.repeat(15_000) })).toBe(
      'http://catalogue.example/v1/locations/2',
    )
    // An honest mix of schemes: each client gets the addresses of its own (from the response cache too).
    for (let round = 0; round < 2; round++) {
      expect(await urlSeenWith(server.origin, { ...host, 'x-forwarded-proto': 'https' })).toBe(
        'https://catalogue.example/v1/locations/2',
      )
      expect(await urlSeenWith(server.origin, { ...host, 'x-forwarded-proto': 'HTTP' })).toBe(
        'http://catalogue.example/v1/locations/2',
      )
      expect(await urlSeenWith(server.origin, host)).toBe('http://catalogue.example/v1/locations/2')
    }
  })

  it('reads the scheme the nearest proxy set: the last value of the list', async () => {
    expect(await urlSeenWith(server.origin, { host: 'a.example', 'x-forwarded-proto': 'http, https' })).toBe(
      'https://a.example/v1/locations/2',
    )
  })

  it('holds a forwarded host to the Host rule and keys the cache on it', async () => {
    const forwarded = { host: 'inner.example', 'x-forwarded-proto': 'https' }
    expect(await urlSeenWith(server.origin, { ...forwarded, 'x-forwarded-host': 'outer.example' })).toBe(
      'https://outer.example/v1/locations/2',
    )
    expect(await urlSeenWith(server.origin, { ...forwarded, 'x-forwarded-host': 'other.example' })).toBe(
      'https://other.example/v1/locations/2',
    )
    const bad = await rawRequest(server.origin, '/v1/locations/2', {
      ...AUTH,
      ...forwarded,
      'x-forwarded-host': 'a'.repeat(300),
    })
    expect(bad.status).toBe(400)
  })
})

describe('forwarded headers from a peer that is not trusted', () => {
  const server = serveForTests({ trustProxy: '10.0.0.1' })

  it('ignores X-Forwarded-Proto and X-Forwarded-Host', async () => {
    expect(
      await urlSeenWith(server.origin, {
        host: 'catalogue.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      }),
    ).toBe('http://catalogue.example/v1/locations/2')
  })
})
