import { mkdtempSync } from 'node:fs'
import { loadDatasetFile } from '../../server/postgres/load'
import { startPostgres } from '../../server/test/postgres-process'
import { ensureLargeDataset } from '../large-dataset'
import { type ServerProcess, stopServer } from '../processes'
import { startCatalogueService } from './indexed-catalogue'

/**
 * The generator's most (1,000,000 locations and 9,801 episodes) loaded into a throwaway PostgreSQL cluster and
 * served (demo mode, the built explorer) while `use` measures; the service and the cluster are gone after.
 */
export async function withMillionOnPostgres<T>(
  root: string,
  name: string,
  log: (line: string) => void,
  use: (service: ServerProcess) => Promise<T>,
): Promise<T> {
  const file = ensureLargeDataset(root, '/tmp/catalogue-bench', 1_000_000, 9_801)
  const workDir = mkdtempSync(`/tmp/bench-${name}-`)
  const cluster = await startPostgres()
  try {
    const url = await cluster.createDatabase('catalogue')
    log('db:load of 1,000,000 locations …')
    await loadDatasetFile(url, file)
    const service = await startCatalogueService(null, workDir, name, undefined, {
      CATALOGUE_DATABASE_URL: url,
    })
    try {
      return await use(service)
    } finally {
      await stopServer(service)
    }
  } finally {
    cluster.remove()
  }
}
