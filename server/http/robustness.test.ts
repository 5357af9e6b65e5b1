import { connect } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serveForTests } from '../test/server'

const server = serveForTests({ rateLimit: 0 })

/** Sends raw bytes as the request line's target, so nothing is normalised on the way; returns the status. */
function rawStatus(target: string, method = 'GET'): Promise<number> {
  const url = new URL(server.origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer catalogue-demo-key\r\nConnection: close\r\n\r\n`,
        'latin1',
      )
    })
    let head = ''
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1')
    })
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)))
    socket.on('error', reject)
  })
}

describe('odd requests', { timeout: 60_000 }, () => {
  it('never answer with a 5xx, whatever the path and query hold', async () => {
    const pieces = fc.constantFrom(
      '/v1/locations',
      '/v1/episodes/',
      '/v1/locations/',
      '/v1/episodes/[',
      '/v1/',
      '/',
      '/assets/',
      '%',
      '%zz',
      '%E2%82',
      '%00',
      '..',
      '//',
      '?',
      '&',
      '=',
      'page=',
      'name=',
      '[',
      ']',
      ',',
      '#',
      '+',
      'é',
      ' ',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS'),
        async (parts, method) => {
          const target = `/${parts.join('')}`
          const status = await rawStatus(target.replaceAll(' ', '%20'), method)
          expect(status, `${method} ${target}`).toBeGreaterThanOrEqual(200)
          expect(status, `${method} ${target}`).toBeLessThan(500)
        },
      ),
      { numRuns: 150 },
    )
  })
})
