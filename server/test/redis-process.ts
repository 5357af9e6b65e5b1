import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/* Starting a redis-server of one's own, for the tests (redis.ts) and the replicas benchmark. No vitest here. */

/** A port nobody listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** redis-server on `port`, without persistence, its files in `dir` (and `extra` settings, such as a password); refused after 10 s without "Ready". */
export function launchRedis(port: number, dir: string, extra: readonly string[] = []): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}
