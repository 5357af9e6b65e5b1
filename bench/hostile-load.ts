import { connect, type Socket } from 'node:net'
import { type Background, sendSteadily } from './steady-requests'

/** Requests a second of row (f)'s id-list key: inside the default rate limit (50), as an attacker would stay. */
export const ID_LIST_RATE = 40
/** Ids in one request of row (f): the most the contract allows. */
const IDS_PER_REQUEST = 500

/**
 * Row (f): a second key asking `ID_LIST_RATE` times a second for 500 ids it never asked for together before,
 * with `Accept-Encoding: br`, so every answer is a new body of 500 records to render and compress.
 */
export function startIdLists(origin: string, key: string, maxId: number): Background {
  let seed = 1
  const nextId = () => {
    seed = (seed * 48271) % 2147483647
    return (seed % maxId) + 1
  }
  return sendSteadily(ID_LIST_RATE, () => {
    const ids = new Set<number>()
    while (ids.size < IDS_PER_REQUEST) ids.add(nextId())
    return {
      url: `${origin}/v1/locations/${[...ids].join(',')}`,
      headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' },
    }
  })
}

/** Row (e)'s client addresses: 127.0.0.2 and up (Linux answers the whole of 127/8 on loopback). */
export const HOLDER_ADDRESSES = Array.from({ length: 11 }, (_, index) => `127.0.0.${index + 2}`)
/** Connections each of them holds: 1,100 in all, against the service's cap of 1,000 in this benchmark. */
export const HOLDS_PER_ADDRESS = 100

/**
 * Row (e): clients from 11 loopback addresses, each holding 100 keep-alive connections idle after one
 * request. A connection the service closes is opened again (after 50 ms) and used once more, so the holders
 * keep pressing on the caps for as long as they run; `sent` counts those requests.
 */
export async function startIdleHolders(origin: string, key: string, path: string): Promise<Background> {
  const { port, hostname } = new URL(origin)
  let running = true
  let sent = 0
  let failed = 0
  const open = new Set<Socket>()
  const hold = (localAddress: string): Promise<void> =>
    new Promise((resolve) => {
      const socket = connect({ port: Number(port), host: hostname, localAddress })
      open.add(socket)
      let answered = false
      socket.on('connect', () => {
        sent++
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\n\r\n`)
      })
      socket.on('data', () => {
        if (!answered) resolve()
        answered = true
      })
      socket.on('error', () => undefined)
      socket.on('close', () => {
        open.delete(socket)
        if (!answered) failed++
        resolve()
        if (running) setTimeout(() => running && void hold(localAddress), 50)
      })
    })
  const first: Promise<void>[] = []
  for (const address of HOLDER_ADDRESSES) {
    for (let index = 0; index < HOLDS_PER_ADDRESS; index++) first.push(hold(address))
  }
  await Promise.all(first)
  return {
    async stop() {
      running = false
      for (const socket of open) socket.destroy()
      return { sent, failed }
    },
  }
}
