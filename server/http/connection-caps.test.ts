import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { parseLog, serveForTests } from '../test/server'
import { addressGroup } from './address-group'
import { bucketDecision, type RateLimitDecision, type RateLimiter } from './rate-limit'

const FREE_KEY = 'connection-test-free-key'
const HELD_KEY = 'connection-test-held-key'

/** Answers the free key at once and holds the held key's requests until `release` (an answer in progress). */
class HoldingLimiter implements RateLimiter {
  readonly rate = 1000
  readonly capacity = 4000
  private held: (() => void)[] = []
  take(bucket: string): RateLimitDecision | Promise<RateLimitDecision> {
    const decision = bucketDecision(true, 100, this.rate, this.capacity)
    if (bucket !== 'key:1') return decision
    return new Promise((resolve) => this.held.push(() => resolve(decision)))
  }
  get holding(): number {
    return this.held.length
  }
  release(): void {
    for (const resume of this.held.splice(0)) resume()
  }
}

const limiter = new HoldingLimiter()
const server = serveForTests({
  apiKeys: [FREE_KEY, HELD_KEY],
  rateLimit: 1000,
  limiter,
  maxConnections: 12,
  maxConnectionsPerAddress: 4,
  trustProxy: '127.0.0.9',
})
const opened: Socket[] = []
afterAll(() => {
  limiter.release()
  for (const socket of opened) socket.destroy()
})

/** A connection from a loopback address of its own (127.0.0.2 and up); resolves once connected. */
function connectFrom(localAddress: string): Promise<Socket> {
  const { port } = new URL(server.origin)
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress }, () => resolve(socket))
    opened.push(socket)
    socket.once('error', reject)
  })
}

const requestFor = (key: string) =>
  `GET /v1/locations/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`

/** Sends one keep-alive request and resolves with its status once the whole answer has arrived. */
function ask(socket: Socket, key = FREE_KEY): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1')
      const head = /^HTTP\/1\.1 (\d+)[\s\S]*?\r\ncontent-length: (\d+)[\s\S]*?\r\n\r\n/i.exec(text)
      if (head && text.length >= head[0].length + Number(head[2])) {
        socket.off('data', onData)
        socket.off('close', onClose)
        resolve(Number(head[1]))
      }
    }
    const onClose = () => reject(new Error('closed before an answer'))
    socket.on('data', onData)
    socket.once('close', onClose)
    socket.write(requestFor(key))
  })
}

const isClosed = (socket: Socket) => socket.destroyed || socket.readyState === 'closed'
/** Resolves true when the server closes the socket within `ms`, false when it stays open. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (isClosed(socket)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

describe('connection caps (contract §11)', { timeout: 20_000 }, () => {
  it('closes an address’s oldest idle keep-alive connection to serve its new one, leaving other addresses alone', async () => {
    const other = await connectFrom('127.0.0.3')
    expect(await ask(other)).toBe(200)
    const idle: Socket[] = []
    for (let index = 0; index < 4; index++) {
      const socket = await connectFrom('127.0.0.2')
      expect(await ask(socket)).toBe(200)
      idle.push(socket)
    }
    const fifth = await connectFrom('127.0.0.2')
    expect(await ask(fifth)).toBe(200)
    expect(await closedWithin(idle[0] as Socket, 2_000)).toBe(true)
    for (const socket of [...idle.slice(1), other]) expect(isClosed(socket)).toBe(false)
    expect(await ask(other)).toBe(200)
    for (const socket of [...idle, fifth, other]) socket.destroy()
  })

  it('closes the oldest idle connection of all at the total cap, so a new client is served', async () => {
    const held: Socket[] = []
    for (const address of ['127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      for (let index = 0; index < 4; index++) {
        const socket = await connectFrom(address)
        expect(await ask(socket)).toBe(200)
        held.push(socket)
      }
    }
    const newcomer = await connectFrom('127.0.0.7')
    expect(await ask(newcomer)).toBe(200)
    expect(await closedWithin(held[0] as Socket, 2_000)).toBe(true)
    expect(held.slice(1).every((socket) => !isClosed(socket))).toBe(true)
    for (const socket of [...held, newcomer]) socket.destroy()
  })

  it('at the total cap closes the connection idle longest, never a busy client’s between two requests', async () => {
    // The busy client's connection is the oldest; the holders' were used once, a while before its last request.
    const busy = await connectFrom('127.0.0.20')
    expect(await ask(busy)).toBe(200)
    const held: Socket[] = []
    for (const [address, count] of [
      ['127.0.0.21', 4],
      ['127.0.0.22', 4],
      ['127.0.0.23', 3],
    ] as const) {
      for (let index = 0; index < count; index++) {
        const socket = await connectFrom(address)
        expect(await ask(socket)).toBe(200)
        held.push(socket)
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await ask(busy)).toBe(200)
    const newcomer = await connectFrom('127.0.0.24')
    expect(await ask(newcomer)).toBe(200)
    expect(await closedWithin(held[0] as Socket, 2_000)).toBe(true)
    expect(isClosed(busy)).toBe(false)
    expect(await ask(busy)).toBe(200)
    for (const socket of [...held, busy, newcomer]) socket.destroy()
  })

  it('refuses a connection (counted and logged) only when every one of its address has an answer in progress', async () => {
    const busy: Socket[] = []
    const answers: Promise<number>[] = []
    for (let index = 0; index < 4; index++) {
      const socket = await connectFrom('127.0.0.8')
      answers.push(ask(socket, HELD_KEY))
      busy.push(socket)
    }
    // The four requests are held by the gate: answers in progress.
    await expect.poll(() => limiter.holding).toBe(4)
    const refusedBefore = server.app.lifecycle.refusedConnections
    const refused = await connectFrom('127.0.0.8')
    expect(await closedWithin(refused, 2_000)).toBe(true)
    await expect.poll(() => server.app.lifecycle.refusedConnections).toBe(refusedBefore + 1)
    expect(
      parseLog(server.logs).some((entry) => entry.msg?.startsWith('Connection cap of an address reached')),
    ).toBe(true)
    // Another address is still served, and the held answers complete.
    const other = await connectFrom('127.0.0.10')
    expect(await ask(other)).toBe(200)
    limiter.release()
    expect(await Promise.all(answers)).toEqual([200, 200, 200, 200])
    for (const socket of [...busy, other]) socket.destroy()
  })

  it('leaves a trusted proxy named by address out of the per-address cap', async () => {
    const proxied: Socket[] = []
    for (let index = 0; index < 7; index++) {
      const socket = await connectFrom('127.0.0.9')
      expect(await ask(socket)).toBe(200)
      proxied.push(socket)
    }
    expect(await closedWithin(proxied[0] as Socket, 300)).toBe(false)
    expect(proxied.every((socket) => !isClosed(socket))).toBe(true)
    for (const socket of proxied) socket.destroy()
  })
})

describe('request heads (contract §11)', { timeout: 20_000 }, () => {
  const slow = serveForTests({ silentConnectionMs: 600, headersTimeoutMs: 1_500 })

  it('closes a connection whose head does not arrive whole within the head timeout, however it trickles', async () => {
    const { port } = new URL(slow.origin)
    const socket = connect(Number(port), '127.0.0.1')
    opened.push(socket)
    socket.on('error', () => undefined)
    const started = performance.now()
    const closed = closedWithin(socket, 8_000)
    socket.write('GET /v1/locations HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    // One header line every 300 ms: never silent for the 600 ms idle timeout.
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 300)
    expect(await closed).toBe(true)
    clearInterval(trickle)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  const flooded = serveForTests({
    silentConnectionMs: 600,
    headersTimeoutMs: 1_500,
    maxConnections: 40,
    maxConnectionsPerAddress: 10,
  })

  it('keeps the head deadline right after a flood of silent and idle connections has been closed', async () => {
    const port = Number(new URL(flooded.origin).port)
    const open = (localAddress: string) =>
      new Promise<Socket>((resolve) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket))
        opened.push(socket)
        socket.on('error', () => resolve(socket))
      })
    const flood: Socket[] = []
    for (let i = 0; i < 30; i++) flood.push(await open('127.0.0.20'))
    for (let address = 21; address <= 25; address++) {
      for (let i = 0; i < 8; i++) {
        const socket = await open(`127.0.0.${address}`)
        socket.on('data', () => undefined)
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
        flood.push(socket)
      }
    }
    await Promise.all(flood.map((socket) => closedWithin(socket, 100).then(() => socket.destroy())))

    const dripping = await open('127.0.0.26')
    const started = performance.now()
    const closed = closedWithin(dripping, 8_000)
    dripping.write('GET /v1/locations HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const trickle = setInterval(() => dripping.writable && dripping.write('X-Slow: 1\r\n'), 300)
    expect(await closed).toBe(true)
    clearInterval(trickle)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('address groups', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe(addressGroup('2001:db8:1:2:ffff::1'))
    expect(addressGroup('2001:db8:1:2::')).toBe(addressGroup('2001:0DB8:0001:0002:0:0:0:9'))
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'))
    expect(addressGroup('::1')).toBe(addressGroup('::2'))
    expect(addressGroup('fe80::1%eth0')).toBe(addressGroup('fe80::2'))
  })
})
