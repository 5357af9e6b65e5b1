/**
 * The real service on a catalogue too large to be indexed without being asked (more than 50 pages in a
 * list): a generated dataset of 1,200 locations (60 pages) and the shipped number of episodes (3 pages), in
 * demo mode. The suite's third service serves it on the port after the two others (playwright.config.ts,
 * serve-large.ts); a spec that needs it at another address starts its own (`startLargeCatalogue`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatDataset, generateDataset, SHIPPED_OPTIONS } from '../../server/data/generate'
import { COLLECTIONS, type CollectionName } from '../../src/catalogue'
import { KEYED_PORT } from './servers'

export const LARGE_PORT = KEYED_PORT + 1
export const LARGE_URL = `http://127.0.0.1:${LARGE_PORT}`
export const LARGE_LOCATIONS = 1200

/** The large catalogue: the generator's, with 1,200 locations. */
export const largeDataset = () => generateDataset({ ...SHIPPED_OPTIONS, locations: LARGE_LOCATIONS })

/** How many records of each collection it holds. */
export function largeCounts(): Partial<Record<CollectionName, number>> {
  const lists: { readonly [name: string]: readonly unknown[] } = largeDataset()
  return Object.fromEntries(COLLECTIONS.map(({ name }) => [name, lists[name]?.length ?? 0]))
}

/**
 * Another address on this machine that is not `127.0.0.1` or `localhost`: to the browser's rules, a plain-http
 * service elsewhere, such as one on a LAN (Linux routes all of 127.0.0.0/8 to loopback).
 */
export const LAN_LIKE_HOST = '127.0.0.2'
export const LAN_LIKE_PORT = LARGE_PORT + 1

export type LargeCatalogue = { url: string; stop(): Promise<void> }

export async function startLargeCatalogue(
  where: { host: string; port: number } = { host: '127.0.0.1', port: LARGE_PORT },
): Promise<LargeCatalogue> {
  const url = `http://${where.host}:${where.port}`
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-large-'))
  const file = join(folder, 'catalogue.json')
  writeFileSync(file, formatDataset(largeDataset()))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: where.host,
    PORT: String(where.port),
    CATALOGUE_DATA: file,
    CATALOGUE_RATE_LIMIT: '0',
  }
  delete env.CATALOGUE_API_KEYS
  const service: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: 'ignore',
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${url}/explorer-config.json`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || service.exitCode !== null)
      throw new Error('the large catalogue did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => service.once('exit', resolve))
      service.kill('SIGTERM')
      await exited
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
