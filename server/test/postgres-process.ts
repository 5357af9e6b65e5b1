import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from './redis-process.ts'

/*
 * A PostgreSQL cluster of the tests' own (as the Redis tests start redis-server): initdb and pg_ctl in a
 * temporary folder, on a free port of 127.0.0.1, with a password, without durability (fsync off). PostgreSQL
 * refuses to run as root, so as root every command runs as the `postgres` user (runuser). No vitest here: the
 * global set-up and the benchmarks use it too.
 */

const ROOTS = ['/usr/lib/postgresql']

/** The folder of the newest PostgreSQL's programs (14 or newer), or null when none is installed. */
export function postgresBin(): string | null {
  for (const root of ROOTS) {
    if (!existsSync(root)) continue
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name) && Number(name) >= 14)
      .sort((a, b) => Number(b) - Number(a))
    for (const version of versions) {
      const bin = join(root, version, 'bin')
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
    }
  }
  return null
}

/** The one line said when the database tests cannot run here. */
export const NO_POSTGRES =
  'PostgreSQL 14 or newer is not installed (no /usr/lib/postgresql/*/bin/initdb): the database tests do not run here; CI installs it (apt-get install -y postgresql).'

export const TEST_PASSWORD = 'test-password-5f0c9a2e'
const USER = 'postgres'

export interface PostgresCluster {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  url: string
  port: number
  /** The address of another database of the cluster. */
  urlOf(database: string): string
  /** Creates a database in the cluster; its address. */
  createDatabase(name: string): Promise<string>
  /** SIGSTOP on the server and every process of it: connections stay open, nothing answers. */
  pause(): void
  resume(): void
  /** Stops the server (fast shutdown: connections are closed). */
  stop(): void
  /** Starts it again on the same port, with the same data. */
  start(): void
  /** Stops it (if running) and removes its folder. */
  remove(): void
}

const asRoot = userInfo().uid === 0

/** Runs one of PostgreSQL's programs, as the `postgres` user when this process is root. */
function run(bin: string, program: string, args: string[]): string {
  const command = asRoot ? 'runuser' : join(bin, program)
  const all = asRoot ? ['-u', USER, '--', join(bin, program), ...args] : args
  return execFileSync(command, all, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Initialises and starts a cluster; throws with PostgreSQL's own output when it cannot. */
export async function startPostgres(bin = postgresBin()): Promise<PostgresCluster> {
  if (bin === null) throw new Error(NO_POSTGRES)
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-postgres-'))
  const data = join(dir, 'data')
  const passwordFile = join(dir, 'password')
  writeFileSync(passwordFile, `${TEST_PASSWORD}\n`)
  if (asRoot) {
    chownSync(dir, uidOf(USER), gidOf(USER))
    chownSync(passwordFile, uidOf(USER), gidOf(USER))
    chmodSync(dir, 0o700)
  }
  run(bin, 'initdb', [
    '-D',
    data,
    '-U',
    USER,
    '--pwfile',
    passwordFile,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ')
  const start = () =>
    run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'])
  start()
  const url = `postgres://${USER}:${TEST_PASSWORD}@127.0.0.1:${port}/postgres`
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const signalAll = (signal: NodeJS.Signals) => {
    const parent = postmaster()
    process.kill(parent, signal)
    for (const child of childrenOf(parent)) {
      try {
        process.kill(child, signal)
      } catch {
        // It ended since it was listed (a backend whose connection closed).
      }
    }
  }
  const urlOf = (database: string) => `postgres://${USER}:${TEST_PASSWORD}@127.0.0.1:${port}/${database}`
  let running = true
  return {
    url,
    port,
    urlOf,
    async createDatabase(name) {
      const admin = new pg.Client(url)
      await admin.connect()
      try {
        await admin.query(`CREATE DATABASE "${name}"`)
      } finally {
        await admin.end()
      }
      return urlOf(name)
    },
    pause: () => signalAll('SIGSTOP'),
    resume: () => signalAll('SIGCONT'),
    stop() {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      running = false
    },
    start() {
      start()
      running = true
    },
    remove() {
      if (running) {
        try {
          signalAll('SIGCONT')
          run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
        } catch {
          // Already stopped.
        }
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function childrenOf(parent: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The parent's id is the second field after the command name (which may hold spaces, in parentheses).
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === parent) children.push(Number(entry))
    } catch {
      // The process ended meanwhile.
    }
  }
  return children
}

const idOf = (flag: '-u' | '-g', name: string) =>
  Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim())
const uidOf = (name: string) => idOf('-u', name)
const gidOf = (name: string) => idOf('-g', name)
