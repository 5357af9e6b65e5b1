import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

export interface TestRedis {
  url: string
  port: number
  child: ChildProcess
  /** SIGSTOP: the server keeps its connections but answers nothing. */
  pause(): void
  resume(): void
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>
  /** Starts a new server on the same port (after `kill`). */
  restart(): Promise<void>
}

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

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
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

const started: { redis: TestRedis; dir: string }[] = []
// At module level, so it is registered while the test file is collected (not inside another hook).
afterAll(async () => {
  for (const { redis, dir } of started.splice(0)) {
    redis.resume()
    await redis.kill()
    rmSync(dir, { recursive: true, force: true })
  }
})

/** Starts a Redis of the test's own (no persistence, in a temporary folder); stopped after the test file. */
export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-redis-'))
  const port = await freePort()
  const redis = { url: `redis://127.0.0.1:${port}`, port, child: await launch(port, dir) } as TestRedis
  redis.pause = () => redis.child.kill('SIGSTOP')
  redis.resume = () => redis.child.kill('SIGCONT')
  redis.kill = () =>
    new Promise((resolve) => {
      if (redis.child.exitCode !== null || redis.child.signalCode !== null) return resolve()
      redis.child.once('exit', () => resolve())
      redis.child.kill('SIGKILL')
    })
  redis.restart = async () => {
    redis.child = await launch(port, dir)
  }
  started.push({ redis, dir })
  return redis
}
