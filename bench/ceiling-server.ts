/**
 * The benchmark's ceiling: a bare `node:http` server that answers every request with one precomputed response
 * (the service's own page-1 body and headers, captured by bench/service.ts). Whatever the service does beyond
 * this, it pays for in requests per second.
 *
 *   node --import tsx bench/ceiling-server.ts <response.json>     (PORT and HOST from the environment)
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

interface CapturedResponse {
  headers: Record<string, string>
  bodyBase64: string
}

const [file] = process.argv.slice(2)
if (!file) {
  console.error('Usage: ceiling-server.ts <response.json>')
  process.exit(1)
}
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse
const body = Buffer.from(captured.bodyBase64, 'base64')
const headers = { ...captured.headers, 'content-length': String(body.length) }

const server = createServer((_request, response) => {
  response.writeHead(200, headers)
  response.end(body)
})
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
