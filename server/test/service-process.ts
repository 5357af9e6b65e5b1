import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface ServiceProcess {
  child: ChildProcess
  /** `http://127.0.0.1:<port>` of the public listener. */
  origin: string
  /** The metrics listener's origin, when METRICS_PORT was given. */
  metricsOrigin: string | null
  /** Everything written to stdout and stderr so far. */
  output(): string
  /** Resolves once the output matches (rejects after `timeout` ms). */
  waitFor(pattern: RegExp, timeout?: number): Promise<void>
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
// At module level, so it is registered while the test file is collected (not inside another hook).
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL')
})

/**
 * Starts `server/main.ts` as its own process (node directly, so signals reach the service itself) on a free
 * port, and waits until it listens. Stopped after the test file at the latest.
 */
export async function startServiceProcess(environment: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  const waiters = new Set<() => void>()
  const append = (chunk: Buffer) => {
    output += chunk.toString()
    for (const waiter of waiters) waiter()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const waitFor = (pattern: RegExp, timeout = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return
        finish()
        resolve()
      }
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`Timed out waiting for ${pattern}; output:\n${output}`))
      }, timeout)
      const onExit = () => {
        finish()
        reject(new Error(`The service exited while waiting for ${pattern}; output:\n${output}`))
      }
      const finish = () => {
        clearTimeout(timer)
        waiters.delete(check)
        child.off('exit', onExit)
      }
      waiters.add(check)
      child.once('exit', onExit)
      check()
    })
  await waitFor(/Process id \d+/)
  const origin = /Catalogue service on (http:\/\/\S+?):? /.exec(output)?.[1] as string
  const metricsOrigin = /Metrics at (http:\/\/\S+?)\/metrics/.exec(output)?.[1] ?? null
  return {
    child,
    origin,
    metricsOrigin,
    output: () => output,
    waitFor,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
