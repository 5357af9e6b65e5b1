import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './test/redis-process'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const started: ChildProcess[] = []
afterAll(() => {
  // A failed test must not leave a server behind.
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGTERM')
})

function start(environment: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = ''
  // Through npm, as people and process managers start it: signals must reach the service through npm's shell.
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return { child, output: () => output }
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

/** The lines a person would read, without npm's or Node's own noise. */
const ownLines = (output: string) =>
  output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'))

// Each test starts npm and tsx, which takes seconds on a busy machine.
describe.concurrent('npm start and npm run serve (server/main.ts)', { timeout: 60_000 }, () => {
  it('refuses a bad dataset with one message and a non-zero exit', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'catalogue-main-')), 'bad.json')
    writeFileSync(file, JSON.stringify({ locations: [{ id: 1, name: 'x' }], episodes: [] }))
    const { child, output } = start({ CATALOGUE_DATA: file })
    expect(await exitCode(child)).toBe(1)
    expect(ownLines(output())).toEqual([
      `Dataset ${file}: locations[0] (id 1): "type" is missing; it must be a string (it may be empty)`,
    ])
  })

  it('refuses a Node older than package.json asks for, in one sentence that says how to get Node 24', async () => {
    // Node 20 as Debian ships it, faked before the service's first module runs.
    const older = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.19.0'})`
    const child = spawn(process.execPath, ['--import', older, '--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.push(child)
    let output = ''
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => (output += chunk))
    expect(await exitCode(child)).toBe(1)
    expect(ownLines(output)).toEqual([
      expect.stringMatching(
        /^The catalogue service needs Node 22\.19 or newer and runs on Node 20\.19\.0: install Node 24 LTS .*node@24/,
      ),
    ])
  })

  it('refuses bad configuration with one message and a non-zero exit', async () => {
    const { child, output } = start({ CATALOGUE_RATE_LIMIT: 'lots' })
    expect(await exitCode(child)).toBe(1)
    expect(ownLines(output())).toEqual([
      'Configuration error: CATALOGUE_RATE_LIMIT must be a whole number from 0 to 1000000 (got "lots").',
    ])
  })

  it('says it runs in demo mode, serves, logs each request, and exits 0 on SIGTERM', async ({ expect }) => {
    const { child, output } = start({})
    const address = await listening(child, output)
    expect(output()).toContain('Demo mode')
    const response = await fetch(`${address}/v1/locations/1`, {
      headers: { authorization: 'Bearer catalogue-demo-key' },
    })
    expect(response.status).toBe(200)
    // Lines are written in batches, but a quiet service's line still comes out at once (within 100 ms).
    await expect.poll(output, { timeout: 5000 }).toContain('"path":"/v1/locations/1"')
    const exited = exitCode(child)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const lines = ownLines(output())
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', method: 'GET', path: '/v1/locations/1', status: 200 }),
    )
    expect(output()).not.toContain('Bearer')
    expect(output()).not.toContain('catalogue-demo-key')
  })

  it('keeps serving when the reader of its log goes away (EPIPE)', async () => {
    const { child, output } = start({})
    const address = await listening(child, output)
    child.stdout?.destroy()
    for (let index = 0; index < 20; index++) {
      const response = await fetch(`${address}/v1/locations/${index + 1}`, {
        headers: { authorization: 'Bearer catalogue-demo-key' },
      })
      expect(response.status).toBe(200)
    }
    expect(child.exitCode).toBeNull()
    const exited = exitCode(child)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})

describe('stopping (contract §10)', { timeout: 60_000 }, () => {
  it('ends by the shutdown deadline when nobody reads its log, and says on stderr how many lines it dropped', async () => {
    const port = await freePort()
    // node directly, stdout a pipe this test never reads: once its buffer is full, every write waits.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.push(child)
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
    })
    const origin = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (response) => response.status,
            () => 0,
          ),
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe(200)
    // About 3,000 log lines (over 700 KB): far more than a pipe holds.
    const ask = async () => {
      for (let index = 0; index < 150; index++) {
        const response = await fetch(`${origin}/v1/locations/${(index % 126) + 1}`, {
          headers: { authorization: 'Bearer catalogue-demo-key' },
        })
        await response.arrayBuffer()
      }
    }
    await Promise.all(Array.from({ length: 20 }, ask))
    const exited = exitCode(child)
    const signalled = performance.now()
    child.kill('SIGTERM')
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000, 'alive'))])
    if (code === 'alive') child.kill('SIGKILL')
    expect(code).toBe(0)
    expect((performance.now() - signalled) / 1000).toBeLessThan(12)
    expect(errors).toMatch(/[1-9][0-9]* log lines? could not be written to stdout/)
  })

  it('exits 0 at the shutdown deadline even when a client never reads its answers', async () => {
    const { child, output } = start({})
    const address = new URL(await listening(child, output))
    const ids = Array.from({ length: 126 }, (_, index) => index + 1).join(',')
    const request = `GET /v1/locations/${ids} HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer catalogue-demo-key\r\n\r\n`
    const socket = connect(Number(address.port), address.hostname)
    socket.on('error', () => undefined)
    // Once the first answer arrives the service is busy with this connection (on a loaded machine a SIGTERM
    // sent before it has read the requests would find an idle connection and exit at once).
    const answering = new Promise<void>((resolve) => socket.once('data', () => resolve()))
    socket.write(request.repeat(3000))
    await answering
    socket.pause()
    const exited = exitCode(child)
    const signalled = performance.now()
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const seconds = (performance.now() - signalled) / 1000
    expect(seconds).toBeGreaterThan(9)
    expect(seconds).toBeLessThan(25)
    expect(output()).toContain('Shutdown deadline reached')
    socket.destroy()
  })

  it('during the drain delay after SIGTERM, /readyz answers 503 while the API still answers; then exits 0', async () => {
    // Long enough for the three requests below on a loaded machine.
    const { child, output } = start({ CATALOGUE_DRAIN_SECONDS: '5' })
    const address = await listening(child, output)
    expect((await fetch(`${address}/readyz`)).status).toBe(200)
    const exited = exitCode(child)
    child.kill('SIGTERM')
    await expect.poll(() => output()).toContain('draining for 5 s')
    const ready = await fetch(`${address}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ error: expect.stringMatching(/shutting down/) })
    expect((await fetch(`${address}/healthz`)).status).toBe(200)
    const response = await fetch(`${address}/v1/locations/1`, {
      headers: { authorization: 'Bearer catalogue-demo-key' },
    })
    expect(response.status).toBe(200)
    expect(await exited).toBe(0)
  })
})

/** The address the service listens on, once every start-up line is out. */
function listening(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      // The last start-up line names the app (or its absence): by then every line is out.
      const match = /Catalogue service on (http:\/\/\S+):[\s\S]*(Explorer app at|No built app)/.exec(output())
      if (match) {
        clearInterval(timer)
        resolve(match[1] as string)
      }
    }, 50)
    child.once('exit', () => {
      clearInterval(timer)
      reject(new Error(`exited early: ${output()}`))
    })
  })
}
