import { type IncomingHttpHeaders, request } from 'node:http'

export interface OneResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * One GET with exactly the given headers (no Accept-Encoding unless given, as autocannon sends), so the body
 * is the plain JSON the load runs receive.
 */
export function getOnce(origin: string, path: string, headers: Record<string, string>): Promise<OneResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}
