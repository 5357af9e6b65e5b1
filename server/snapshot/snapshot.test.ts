import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Clock } from '../../src/crawler'
import { fakeService, json, location } from '../../src/crawler/testing/fake-service'
import { loadDataset } from '../dataset/load'
import { snapshotOf } from '../test/server'
import { runSnapshot, type SnapshotIo, USAGE } from './main'
import { progressReporter } from './progress'
import { writeFileAtomically } from './write-atomically'

const KEY = 'snapshot-secret-key'
const folder = mkdtempSync(join(tmpdir(), 'catalogue-snapshot-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function run(argv: string[], io: Partial<SnapshotIo> = {}, environment: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const status = await runSnapshot(argv, environment, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    ...io,
  })
  expect(stdout + stderr).not.toContain(KEY)
  return { status, stdout, stderr }
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 0
}

describe('writing the file', () => {
  it('leaves nothing under the target name when the disk is full (/dev/full)', async () => {
    const target = join(folder, 'full.json')
    const onDevFull = () => open('/dev/full', 'w')
    await expect(writeFileAtomically(target, 'x'.repeat(100_000), onDevFull)).rejects.toThrow(
      `Could not write ${target}: the disk is full.`,
    )
    expect(existsSync(target)).toBe(false)
  })

  it('keeps the old file whole when the new one cannot be written', async () => {
    const target = join(folder, 'kept.json')
    writeFileSync(target, '{"old":true}')
    await expect(writeFileAtomically(target, 'new', () => open('/dev/full', 'w'))).rejects.toThrow(
      /disk is full/,
    )
    expect(readFileSync(target, 'utf8')).toBe('{"old":true}')
    await writeFileAtomically(target, '{"new":true}')
    expect(readFileSync(target, 'utf8')).toBe('{"new":true}')
  })

  it('refuses to replace a device or a folder, and names a missing folder', async () => {
    await expect(writeFileAtomically('/dev/full', 'x')).rejects.toThrow(
      'Could not write /dev/full: it is not a regular file.',
    )
    await expect(writeFileAtomically(folder, 'x')).rejects.toThrow('it is not a regular file')
    const nowhere = join(folder, 'missing', 'file.json')
    await expect(writeFileAtomically(nowhere, 'x')).rejects.toThrow(
      `Could not write ${nowhere}: its folder does not exist.`,
    )
  })
})

describe('the snapshot command', () => {
  it('prints its usage with --help, and refuses incomplete or unknown options with exit status 2', async () => {
    const help = await run(['--help'])
    expect(help).toMatchObject({ status: 0, stdout: USAGE, stderr: '' })
    expect((await run(['--out', 'x.json'], {}, { CATALOGUE_API_KEY: KEY })).stderr).toMatch(
      /^Give the service/,
    )
    expect((await run(['--from', 'https://x.test'], {}, { CATALOGUE_API_KEY: KEY })).stderr).toMatch(
      /^Give the file to write/,
    )
    expect((await run(['--from', 'https://x.test', '--out', 'x.json'])).stderr).toMatch(/^Give the API key/)
    const credentials = await run(['--from', `https://user:${KEY}@x.test`, '--out', 'x.json', '--key', KEY])
    expect(credentials.status).toBe(2)
    expect(credentials.stderr).toMatch(/^--from must be an http or https address/)
    const unknown = await run(['--from', 'https://x.test', '--out', 'x.json', '--verbose'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toMatch(/--verbose/)
  })

  it('writes the dataset with character ids, and a one-line summary; the key may come from the environment', async () => {
    const service = fakeService({ locations: 30, episodes: 3 })
    const out = join(folder, 'fake.json')
    const { status, stdout, stderr } = await run(
      ['--from', 'https://catalogue.test/api', '--out', out],
      { fetch: service.fetch },
      { CATALOGUE_API_KEY: KEY },
    )
    expect(status).toBe(0)
    const expected = snapshotOf({ locations: 30, episodes: 3 })
    expect(stdout).toMatch(
      new RegExp(
        `^Wrote ${expected.holdings} from https://catalogue.test/api to ${out} \\(${expected.pages} requests in [0-9.]+ s\\)\\.\\n$`,
      ),
    )
    expect(service.requests.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true)
    // Not a terminal: a line at each tenth at most.
    expect(stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(11)
    expect(stderr).toMatch(
      new RegExp(
        `^Snapshot 100%: ${expected.pages} of ${expected.pages} pages, ${expected.records} records`,
        'm',
      ),
    )
    const dataset = loadDataset(out)
    expect(dataset.locations[0]).toEqual({
      id: 1,
      name: 'Place 1',
      type: 'Planet',
      dimension: 'C-137',
      residents: [2],
      created: '2017-11-10T12:42:04.162Z',
    })
  })

  it('stops with a sentence naming the record and the address when an address has no character id', async () => {
    const service = fakeService({
      locations: 5,
      override: () =>
        json({
          info: { count: 1, pages: 1, next: null, prev: null },
          results: [{ ...location(3), residents: ['https://x.test/v1/characters/rick'] }],
        }),
    })
    const out = join(folder, 'bad-address.json')
    const { status, stderr } = await run(['--from', 'https://x.test', '--out', out, '--key', KEY], {
      fetch: service.fetch,
    })
    expect(status).toBe(1)
    expect(stderr).toBe(
      'Location 3 has an address in "residents" whose last path segment is not a character id: "https://x.test/v1/characters/rick".\n',
    )
    expect(existsSync(out)).toBe(false)
  })

  it('says in one sentence, without the key, that the key was refused, the service unreachable or a page invalid', async () => {
    const out = join(folder, 'never.json')
    const refused = await run(['--from', 'https://x.test', '--out', out, '--key', KEY], {
      fetch: fakeService({ override: () => json({ error: `Key ${KEY} is unknown.` }, 401) }).fetch,
    })
    expect(refused).toMatchObject({
      status: 1,
      stderr: 'The service at https://x.test refused the API key (401).\n',
    })

    const invalid = await run(['--from', 'https://x.test', '--out', out, '--key', KEY], {
      fetch: fakeService({ override: () => json({ info: {}, results: [] }) }).fetch,
    })
    expect(invalid.status).toBe(1)
    expect(invalid.stderr).toMatch(
      /^Snapshot of https:\/\/x\.test failed: The service answered page 1 of (locations|episodes) with data that does not follow the contract \(info\.count: expected number\)\.\n$/,
    )
    expect(existsSync(out)).toBe(false)
  })

  it('stops at the dataset size limit the service reads (CATALOGUE_DATA_MAX_MB), naming it', async () => {
    const out = join(folder, 'too-large.json')
    const { status, stderr } = await run(
      ['--from', 'https://x.test', '--out', out, '--key', KEY],
      { fetch: fakeService({ locations: 10_000, episodes: 1 }).fetch },
      { CATALOGUE_DATA_MAX_MB: '1' },
    )
    expect(status).toBe(1)
    expect(stderr.split('\n').at(-2)).toBe(
      'The catalogue is larger than a dataset file may be (1 MB, CATALOGUE_DATA_MAX_MB); nothing was written.',
    )
    expect(existsSync(out)).toBe(false)
  })

  it('fails with one sentence when the file cannot be written', async () => {
    const out = join(folder, 'full-disk.json')
    const written = await run(['--from', 'https://x.test', '--out', out, '--key', KEY], {
      fetch: fakeService({ locations: 3, episodes: 1 }).fetch,
      openTemp: () => open('/dev/full', 'w'),
    })
    expect(written.status).toBe(1)
    expect(written.stderr.split('\n').at(-2)).toBe(`Could not write ${out}: the disk is full.`)
    expect(existsSync(out)).toBe(false)
  })

  it('reports an unreachable service after its retries', async () => {
    const port = await closedPort()
    const from = `http://127.0.0.1:${port}`
    // Pauses between attempts pass at once.
    let skipped = 0
    const clock: Clock = {
      now: () => performance.now() + skipped,
      sleep: async (ms) => {
        skipped += ms
      },
    }
    const { status, stderr } = await run(['--from', from, '--out', join(folder, 'x.json'), '--key', KEY], {
      clock,
    })
    expect(status).toBe(1)
    expect(stderr).toBe(
      `Snapshot of ${from} failed: The service could not be reached for page 1 of locations after 5 attempts (ECONNREFUSED).\n`,
    )
    // Both first pages, each after pauses of 0.5, 1, 2 and 4 s.
    expect(skipped).toBe(2 * (500 + 1000 + 2000 + 4000))
  })
})

describe('progress', () => {
  const progress = (pagesDone: number) => ({
    pagesDone,
    pagesTotal: 50,
    records: pagesDone * 20,
    requests: pagesDone,
    retries: 0,
    requestsPerSecond: 2,
    secondsLeft: (50 - pagesDone) / 2,
    pause: null,
  })

  it('writes one line per tenth when stderr is not a terminal', () => {
    let text = ''
    const reporter = progressReporter({ write: (chunk: string) => (text += chunk) })
    for (let done = 1; done <= 50; done++) reporter.update(progress(done))
    reporter.finish()
    const lines = text.trim().split('\n')
    expect(lines).toHaveLength(11)
    expect(lines[0]).toMatch(/^Snapshot 0%: 1 of 50 pages/)
    expect(lines[1]).toBe(
      'Snapshot 10%: 5 of 50 pages, 100 records, 5 requests, 2.0 requests/s, about 23 s left',
    )
    expect(lines.at(-1)).toBe('Snapshot 100%: 50 of 50 pages, 1000 records, 50 requests, 2.0 requests/s')
  })

  it('redraws a bar in place on a terminal', () => {
    let text = ''
    const reporter = progressReporter({
      write: (chunk: string) => (text += chunk),
      isTTY: true,
      columns: 120,
    })
    reporter.update(progress(25))
    reporter.finish()
    expect(text).toBe(
      '\r[############............] 50% 25 of 50 pages, 500 records, 25 requests, 2.0 requests/s, about 13 s left\x1b[K\n',
    )
  })
})
