import { describe, expect, it } from 'vitest'
import { createLogger, type RequestFacts, requestLine } from './request-log'

/** What pino itself writes for `info(facts, 'request')` with the service's settings. */
function pinoLine(facts: RequestFacts): string {
  const lines: string[] = []
  createLogger({ write: (line: string) => lines.push(line) }).info(facts, 'request')
  return lines[0] as string
}

const withoutTime = (line: string) => line.replace(/,"time":"[^"]+"/, '')

const ordinary: RequestFacts = {
  reqId: '7ee449c9-40c2-4a99-8e94-11949a706f9d',
  method: 'GET',
  path: '/v1/locations',
  status: 200,
  ms: 0.8,
  bytes: 6540,
  client: '127.0.0.1',
  keyId: 'f3838422',
}

describe('the request line', () => {
  it('is the line pino writes for the same facts, byte for byte', () => {
    expect(withoutTime(requestLine(ordinary))).toBe(withoutTime(pinoLine(ordinary)))
    const refused = { ...ordinary, method: '-', path: '-', status: 400, ms: 0, bytes: 57, keyId: undefined }
    expect(withoutTime(requestLine(refused))).toBe(withoutTime(pinoLine(refused)))
  })

  it('stays one line of JSON with the same values as pino’s for any path or client address', () => {
    const odd: RequestFacts = {
      ...ordinary,
      path: '/v1/"quoted"\\back\tslash\u0001\u2028é\ud800',
      client: '::ffff:10.0.0.1, "forged"\nline',
    }
    const line = requestLine(odd)
    expect(line.endsWith('\n')).toBe(true)
    expect(line.slice(0, -1)).not.toMatch(/[\n\r]/)
    const ours = JSON.parse(line) as Record<string, unknown>
    const pinos = JSON.parse(pinoLine(odd)) as Record<string, unknown>
    expect(Object.keys(ours)).toEqual(Object.keys(pinos))
    expect({ ...ours, time: null, path: null }).toEqual({ ...pinos, time: null, path: null })
    // pino writes a lone surrogate as it is (it becomes U+FFFD in UTF-8); JSON.stringify escapes it.
    expect(ours.path).toBe(odd.path)
    expect(ours.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})
