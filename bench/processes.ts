import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { freePort } from '../server/test/redis-process'

/** A server under test, running as its own process. */
export interface ServerProcess {
  name: string
  origin: string
  child: ChildProcess
  /** What the process wrote to stderr so far (start-up failures land here). */
  stderr(): string
}

export interface StartOptions {
  name: string
  /** Script run by `node --import tsx`, relative to `cwd`. */
  script: string
  /** Node's options before the script; default `--import tsx`. */
  nodeArgs?: readonly string[]
  args?: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  /** File that receives the process's stdout (the service's request log). */
  stdoutFile: string
  /** A request that answers 200 once the server is ready. */
  readyPath: string
  readyHeaders?: Record<string, string>
  /** A fixed port (a browser profile kept between runs keys its storage by origin); default a free one. */
  port?: number
}

/**
 * Starts a server with `node --import tsx` (one process, so its pid is the server's and its /proc status is
 * the server's memory) and waits until it answers `readyPath` with 200.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const out = openSync(options.stdoutFile, 'w')
  const nodeArgs = options.nodeArgs ?? ['--import', 'tsx']
  const child = spawn(process.execPath, [...nodeArgs, options.script, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, 'pipe'],
  })
  closeSync(out)
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const server: ServerProcess = {
    name: options.name,
    origin: `http://127.0.0.1:${port}`,
    child,
    stderr: () => stderr,
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} exited with status ${child.exitCode} while starting:\n${stderr}`)
    }
    try {
      const response = await fetch(`${server.origin}${options.readyPath}`, { headers: options.readyHeaders })
      await response.arrayBuffer()
      if (response.status === 200) return server
      throw new Error(`${options.name} answered ${response.status} to ${options.readyPath}.`)
    } catch (error) {
      if (error instanceof Error && error.message.includes('answered')) {
        await stopServer(server)
        throw error
      }
      await delay(100)
    }
  }
  await stopServer(server)
  throw new Error(`${options.name} did not answer within two minutes:\n${stderr}`)
}

/**
 * Node's options in `npm run serve` (`exec node <options> server/main.ts` in package.json), so that the
 * benchmark starts the service exactly as it is deployed, its memory settings included, while still running
 * node itself (not npm) as the measured process.
 */
export function serveNodeArgs(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const match = /^exec node (.+) server\/main\.ts$/.exec(scripts.serve ?? '')
  if (!match) throw new Error(`package.json's serve script is not "exec node <options> server/main.ts".`)
  return (match[1] as string).split(/\s+/)
}

/** The process's resident-set high-water mark (VmHWM) and current size (VmRSS), in MiB. */
export function memoryOf(pid: number): { peakMb: number; currentMb: number } {
  const status = readFileSync(join('/proc', String(pid), 'status'), 'utf8')
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
    if (!match) throw new Error(`No ${field} in /proc/${pid}/status.`)
    return Number(match[1]) / 1024
  }
  return { peakMb: kib('VmHWM'), currentMb: kib('VmRSS') }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100

/**
 * CPU seconds the process has used so far, all its threads, user and system (/proc/<pid>/stat fields 14 and
 * 15). The difference across a run, per request, is the server's own work, which noise from other processes
 * on the machine does not change the way it changes requests per second.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(join('/proc', String(pid), 'stat'), 'utf8')
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** SIGTERM, then SIGKILL if the process has not exited within ten seconds. */
export async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const killed = await Promise.race([exited.then(() => false), delay(10_000).then(() => true)])
  if (killed) {
    child.kill('SIGKILL')
    await exited
  }
}
