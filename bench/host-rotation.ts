import { Agent, request } from 'node:http'

/** Requests a second from the rotating key: inside the default rate limit (50), as an attacker would stay. */
export const ROTATION_RATE = 40

/** The 51 episodes in one request: the answer with the most addresses, each carrying the Host. */
const ROTATION_PATH = `/v1/episodes/${Array.from({ length: 51 }, (_, index) => index + 1).join(',')}`

/** The `index`th distinct Host of 255 characters (labels of at most 63), the longest the service accepts. */
export function longHost(index: number): string {
  const first = `h${index.toString(36).padStart(10, '0')}`
  const filler = `${'a'.repeat(62)}.`.repeat(4)
  return `${first}.${filler}`.slice(0, 253).replace(/\.$/, 'b').padEnd(255, 'c')
}

export interface Rotation {
  stop(): Promise<{ sent: number; failed: number }>
}

/**
 * A second key asking for all episodes `ROTATION_RATE` times a second, each time under a Host it never used
 * before (so every request misses every cache and renders 51 episodes full of 255-character addresses).
 */
export function startHostRotation(origin: string, key: string): Rotation {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  let sent = 0
  let failed = 0
  let pending = 0
  const once = () => {
    const index = sent++
    pending++
    const outgoing = request(
      `${origin}${ROTATION_PATH}`,
      { agent, headers: { host: longHost(index), authorization: `Bearer ${key}` } },
      (response) => {
        if (response.statusCode !== 200) failed++
        response.resume()
        response.on('end', () => pending--)
      },
    )
    outgoing.on('error', () => {
      failed++
      pending--
    })
    outgoing.end()
  }
  const timer = setInterval(once, 1000 / ROTATION_RATE)
  return {
    async stop() {
      clearInterval(timer)
      while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 20))
      agent.destroy()
      return { sent, failed }
    },
  }
}
