import type { TestProject } from 'vitest/node'
import { NO_POSTGRES, type PostgresCluster, postgresBin, startPostgres } from './postgres-process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared test cluster's address (its `postgres` database); each test file makes databases of its own. */
    postgresUrl: string
  }
}

let cluster: PostgresCluster | null = null

/**
 * Starts one PostgreSQL cluster for the whole run of the `postgres` project (each test file makes its own
 * databases in it); a test that must pause or stop its database starts a cluster of its own.
 */
export async function setup(project: TestProject): Promise<void> {
  if (postgresBin() === null) throw new Error(NO_POSTGRES)
  cluster = await startPostgres()
  project.provide('postgresUrl', cluster.url)
}

export function teardown(): void {
  cluster?.remove()
}
