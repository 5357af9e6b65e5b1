// Test code only: the service with a third collection ("artifacts", defined in test code), on an ephemeral
// port, for tests that cannot host the service in their own process (the explorer's jsdom tests). Prints its
// origin on the first line of standard output; stops on SIGTERM.
import { COLLECTIONS } from '../../src/catalogue'
import { ARTIFACT_RECORDS, artifacts } from '../../src/catalogue/artifacts.fixture'
import { buildApp } from '../app'
import { DEFAULT_DATASET_PATH } from '../config'
import { loadDataset, validateDatasetOf } from '../dataset/load'
import { createStoreOf } from '../dataset/store'

/** The catalogue's collections and the test-only third one, registered alike. */
export const WITH_ARTIFACTS = [...COLLECTIONS, artifacts] as const

/** The shipped dataset with the artifacts beside it. */
export function datasetWithArtifacts() {
  return validateDatasetOf(
    { ...loadDataset(DEFAULT_DATASET_PATH), artifacts: structuredClone(ARTIFACT_RECORDS) },
    'artifacts.json',
    WITH_ARTIFACTS,
  )
}

if (process.argv[1] === import.meta.filename) {
  const app = await buildApp({ store: createStoreOf(datasetWithArtifacts(), WITH_ARTIFACTS), rateLimit: 0 })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  process.stdout.write(`${origin}\n`)
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
}
