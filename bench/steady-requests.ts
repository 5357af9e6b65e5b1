import { Agent, type IncomingHttpHeaders, request } from 'node:http'

/** Requests sent in the background of a measurement: how many, and how many did not answer 200. */
export interface Background {
  stop(): Promise<{ sent: number; failed: number }>
}

/** How the background requests are sent and judged, when not as plain 200s from this machine's own address. */
export interface SteadyOptions {
  /** The client address they come from (127.0.0.2 and up: Linux answers the whole of 127/8 on loopback). */
  localAddress?: string
  /** Whether an answer counts as answered (default: a 200). */
  ok?: (status: number) => boolean
  /** Called with every answer's status and headers, for counting kinds of answers. */
  seen?: (status: number, headers: IncomingHttpHeaders) => void
}

/**
 * Sends `rate` GET requests a second, the `index`th to the address and headers `next(index)` gives, over
 * keep-alive connections, until stopped; `stop` waits for the answers still on their way.
 */
export function sendSteadily(
  rate: number,
  next: (index: number) => { url: string; headers: Record<string, string> },
  options: SteadyOptions = {},
): Background {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  const ok = options.ok ?? ((status: number) => status === 200)
  const address = options.localAddress === undefined ? {} : { localAddress: options.localAddress }
  let sent = 0
  let failed = 0
  let pending = 0
  const once = () => {
    const { url, headers } = next(sent++)
    pending++
    const outgoing = request(url, { agent, headers, ...address }, (response) => {
      if (!ok(response.statusCode ?? 0)) failed++
      options.seen?.(response.statusCode ?? 0, response.headers)
      response.resume()
      response.on('end', () => pending--)
    })
    outgoing.on('error', () => {
      failed++
      pending--
    })
    outgoing.end()
  }
  const timer = setInterval(once, 1000 / rate)
  return {
    async stop() {
      clearInterval(timer)
      while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 20))
      agent.destroy()
      return { sent, failed }
    },
  }
}
