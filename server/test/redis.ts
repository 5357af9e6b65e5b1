import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { freePort, launchRedis } from './redis-process'

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

const started: { redis: TestRedis; dir: string }[] = []
// At module level, so it is registered while the test file is collected (not inside another hook).
afterAll(async () => {
  for (const { redis, dir } of started.splice(0)) {
    redis.resume()
    await redis.kill()
    rmSync(dir, { recursive: true, force: true })
  }
})

/**
 * Starts a Redis of the test's own (no persistence, in a temporary folder, `extra` settings such as
 * `['--requirepass', 'secret']`); stopped after the test file.
 */
export async function startRedis(extra: readonly string[] = []): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-redis-'))
  const port = await freePort()
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    child: await launchRedis(port, dir, extra),
  } as TestRedis
  redis.pause = () => redis.child.kill('SIGSTOP')
  redis.resume = () => redis.child.kill('SIGCONT')
  redis.kill = () =>
    new Promise((resolve) => {
      if (redis.child.exitCode !== null || redis.child.signalCode !== null) return resolve()
      redis.child.once('exit', () => resolve())
      redis.child.kill('SIGKILL')
    })
  redis.restart = async () => {
    redis.child = await launchRedis(port, dir, extra)
  }
  started.push({ redis, dir })
  return redis
}
