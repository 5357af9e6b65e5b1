/**
 * The real service on a catalogue too large to be indexed without being asked (more than 50 pages in a
 * list): a generated dataset of 1,200 locations (60 pages) and the shipped number of episodes (3 pages), in
 * demo mode. The suite's third service serves it on the port after the two others (playwright.config.ts,
 * serve-large.ts); a spec that needs it at another address starts its own (`startLargeCatalogue`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatDataset, generateDataset, SHIPPED_OPTIONS } from '../../server/data/generate'
import { COLLECTIONS, type CollectionName } from '../../src/catalogue'
import { KEYED_PORT } from './servers'
import { type ServiceProcess, startServiceProcess } from './service-process'

export const LARGE_PORT = KEYED_PORT + 1
export const LARGE_URL = `http://127.0.0.1:${LARGE_PORT}`
/**
 * The large catalogue again with `CATALOGUE_VIEWS=off`: a view there waits for the catalogue index, too large to
 * be built unasked (the suite's service after the shipped catalogue's without views).
 */
export const LARGE_NO_VIEWS_PORT = LARGE_PORT + 5
export const LARGE_NO_VIEWS_URL = `http://127.0.0.1:${LARGE_NO_VIEWS_PORT}`
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

/** The port of a spec's own service on this machine's usual address (the one after the LAN-like one). */
export const OWN_PORT = LAN_LIKE_PORT + 1

export type LargeCatalogue = ServiceProcess

export async function startLargeCatalogue(
  where: { host: string; port: number } = { host: '127.0.0.1', port: LARGE_PORT },
  dataset = largeDataset(),
): Promise<LargeCatalogue> {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-large-'))
  const file = join(folder, 'catalogue.json')
  writeFileSync(file, formatDataset(dataset))
  const service = await startServiceProcess(where, { CATALOGUE_DATA: file })
  return {
    url: service.url,
    reload: service.reload,
    async stop() {
      await service.stop()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
