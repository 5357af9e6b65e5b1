import { describe, expect, it } from 'vitest'
import { rawExchange, rawRequest, serveForTests } from '../test/server'

const server = serveForTests()
const AUTH = { authorization: 'Bearer catalogue-demo-key' }

const label = (length: number, letter = 'a') => letter.repeat(length)
/** A host name of exactly `length` characters (not ending in a dot), in labels of 63. */
const hostOfLength = (length: number) =>
  `${label(63)}.`
    .repeat(5)
    .slice(0, length - 2)
    .concat('.b')

describe('the Host header (contract §10)', () => {
  it('refuses a Host longer than 255 characters or with a label over 63, on every path', async () => {
    for (const host of [
      hostOfLength(256),
      label(15_000),
      `${label(64)}.example`,
      `${hostOfLength(256)}:80`,
    ]) {
      for (const path of ['/v1/episodes/1', '/', '/explorer-config.json']) {
        const answer = await rawRequest(server.origin, path, { ...AUTH, host })
        expect(answer.status, `${host.length} ${path}`).toBe(400)
        expect(JSON.parse(answer.body.toString()).error).toMatch(/Host/)
      }
    }
  })

  it('accepts a Host of 255 characters with a port', async () => {
    const host = `${hostOfLength(255)}:8080`
    const answer = await rawRequest(server.origin, '/v1/locations/1', { ...AUTH, host })
    expect(answer.status).toBe(200)
  })

  it('refuses two Host headers (RFC 9112)', async () => {
    const answer = await rawExchange(
      server.origin,
      'GET /v1/locations/1 HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nAuthorization: Bearer catalogue-demo-key\r\nConnection: close\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain('"error":"')
  })

  it('keeps an answer within 8 times its size with a normal base, whatever the Host', async () => {
    const ids = Array.from({ length: 51 }, (_, index) => index + 1).join(',')
    const normal = await rawRequest(server.origin, `/v1/episodes/${ids}`, { ...AUTH, host: 'localhost:8080' })
    const longest = await rawRequest(server.origin, `/v1/episodes/${ids}`, {
      ...AUTH,
      host: `${hostOfLength(255)}:65535`,
    })
    expect(normal.status).toBe(200)
    expect(longest.status).toBe(200)
    expect(longest.body.length).toBeLessThan(normal.body.length * 8)
  })
})
