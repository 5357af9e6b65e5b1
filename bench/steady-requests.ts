import { Agent, request } from 'node:http'

/** Requests sent in the background of a measurement: how many, and how many did not answer 200. */
export interface Background {
  stop(): Promise<{ sent: number; failed: number }>
}

/**
 * Sends `rate` GET requests a second, the `index`th to the address and headers `next(index)` gives, over
 * keep-alive connections, until stopped; `stop` waits for the answers still on their way.
 */
export function sendSteadily(
  rate: number,
  next: (index: number) => { url: string; headers: Record<string, string> },
): Background {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  let sent = 0
  let failed = 0
  let pending = 0
  const once = () => {
    const { url, headers } = next(sent++)
    pending++
    const outgoing = request(url, { agent, headers }, (response) => {
      if (response.statusCode !== 200) failed++
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
