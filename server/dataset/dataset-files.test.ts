import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_DATASET_PATH, DEMO_KEY } from '../config'
import { startServiceProcess } from '../test/service-process'
import { DatasetError, loadDataset, MAX_DATASET_BYTES } from './load'

const folder = mkdtempSync(join(tmpdir(), 'catalogue-dataset-files-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Resident memory of a process in MB, as the kernel counts it. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024
}

describe('dataset files (contract §11)', { timeout: 60_000 }, () => {
  it('refuses a FIFO or a device at once with a sentence, never waiting on it', () => {
    const fifo = join(folder, 'fifo.json')
    execFileSync('mkfifo', [fifo])
    for (const path of [fifo, '/dev/zero']) {
      expect(() => loadDataset(path)).toThrow(DatasetError)
      expect(() => loadDataset(path)).toThrow(/is not a regular file/)
    }
  })

  it('refuses a file over the documented size limit before reading it, naming the limit', () => {
    const big = join(folder, 'big.json')
    // Sparse: 200 MB on paper, nothing on disk; reading it would take 200 MB.
    writeFileSync(big, '')
    truncateSync(big, 200 * 1024 * 1024)
    const before = process.memoryUsage().arrayBuffers
    expect(() => loadDataset(big)).toThrow(
      `Dataset ${big} is too large: it has 200 MB, and a dataset may have at most ${MAX_DATASET_BYTES / 1024 / 1024} MB (CATALOGUE_DATA_MAX_MB raises the limit).`,
    )
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(10 * 1024 * 1024)
  })

  it('serves a file over the default limit once CATALOGUE_DATA_MAX_MB allows it, and refuses it at start-up below', async () => {
    const dataPath = join(folder, 'three-mb.json')
    const { locations, episodes } = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, 'utf8')) as {
      locations: Record<string, unknown>[]
      episodes: object[]
    }
    const parts: string[] = []
    for (let id = 1; id <= 20_000; id++)
      parts.push(JSON.stringify({ ...locations[0], id, name: `Place ${id}` }))
    writeFileSync(dataPath, `{"locations":[${parts.join(',')}],"episodes":${JSON.stringify(episodes)}}`)
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', CATALOGUE_DATA: dataPath, CATALOGUE_DATA_MAX_MB: '2' },
      encoding: 'utf8',
      // A service that started anyway would never exit.
      timeout: 30_000,
    })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain(
      `Dataset ${dataPath} is too large: it has 3 MB, and a dataset may have at most 2 MB (CATALOGUE_DATA_MAX_MB raises the limit).`,
    )
    const service = await startServiceProcess({ CATALOGUE_DATA: dataPath, CATALOGUE_DATA_MAX_MB: '4' })
    const answer = await fetch(`${service.origin}/v1/locations/20000`, {
      headers: { authorization: `Bearer ${DEMO_KEY}` },
    })
    expect(await answer.json()).toMatchObject({ id: 20000, name: 'Place 20000' })
    // A reload reads under the same limit.
    writeFileSync(dataPath, `${readFileSync(dataPath, 'utf8')}${' '.repeat(2 * 1024 * 1024)}`)
    service.child.kill('SIGHUP')
    await service.waitFor(
      /Dataset reload failed; still serving the previous data\. Dataset \S+ is too large: it has 5 MB, and a dataset may have at most 4 MB/,
    )
    await service.stop()
  })

  it('keeps serving while a large bad file is reloaded, and gives the memory of the attempt back', async () => {
    const dataPath = join(folder, 'catalogue.json')
    const shipped = readFileSync(DEFAULT_DATASET_PATH, 'utf8')
    writeFileSync(dataPath, shipped)
    const service = await startServiceProcess({ CATALOGUE_DATA: dataPath })
    const pid = service.child.pid as number
    const baseline = residentMb(pid)
    // About 90 MB of valid locations, then one that is not.
    const { locations, episodes } = JSON.parse(shipped) as { locations: object[]; episodes: object[] }
    const template = locations[0] as Record<string, unknown>
    const parts: string[] = []
    for (let id = 1; id <= 300_000; id++) parts.push(JSON.stringify({ ...template, id, name: `Place ${id}` }))
    parts.push('{"id":"not a number"}')
    writeFileSync(dataPath, `{"locations":[${parts.join(',')}],"episodes":${JSON.stringify(episodes)}}`)
    service.child.kill('SIGHUP')
    await service.waitFor(/Dataset reload failed/)
    const answer = await fetch(`${service.origin}/v1/locations/1`, {
      headers: { authorization: `Bearer ${DEMO_KEY}` },
    })
    expect(answer.status).toBe(200)
    await expect.poll(() => residentMb(pid) - baseline, { timeout: 10_000, interval: 500 }).toBeLessThan(60)
    await service.stop()
  })
})
