import { type Background, sendSteadily } from './steady-requests'

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

/**
 * A second key asking for all episodes `ROTATION_RATE` times a second, each time under a Host it never used
 * before (so every request misses every cache and renders 51 episodes full of 255-character addresses).
 */
export function startHostRotation(origin: string, key: string): Background {
  return sendSteadily(ROTATION_RATE, (index) => ({
    url: `${origin}${ROTATION_PATH}`,
    headers: { host: longHost(index), authorization: `Bearer ${key}` },
  }))
}
