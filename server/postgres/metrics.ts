import { Counter, Gauge, Histogram } from 'prom-client'
import type { ServiceMetrics } from '../operations/metrics'
import type { PostgresCatalogue } from './catalogue'

/**
 * The database's metrics, beside the service's: the pool (connections in use and idle, requests waiting for
 * one, the longest checkout, failures), the costly queries under their bound, and how long each kind of query
 * takes (`page`, `positions`, `ids`, `filter`, `view-page`, `version`…).
 */
export function observeDatabase(metrics: ServiceMetrics, catalogue: PostgresCatalogue): void {
  const registers = [metrics.registry]
  const { pool } = catalogue.database
  new Gauge({
    name: 'catalogue_database_pool_connections',
    help: 'Connections of the database pool: in use, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect(this: Gauge<'state'>) {
      this.set({ state: 'in-use' }, pool.totalCount - pool.idleCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
  const { database } = catalogue
  new Gauge({
    name: 'catalogue_database_longest_checkout_seconds',
    help: 'How long the connection held longest has been checked out of the pool now (a leak grows without end).',
    registers,
    collect(this: Gauge) {
      this.set(database.longestCheckoutSeconds())
    },
  })
  new Gauge({
    name: 'catalogue_database_costly_queries',
    help: 'Costly queries (uncached views, streams’ orders) running under the bound on the database’s work, and waiting for a share of it.',
    labelNames: ['state'] as const,
    registers,
    collect(this: Gauge<'state'>) {
      this.set({ state: 'running' }, database.work.busy)
      this.set({ state: 'waiting' }, database.work.queued)
    },
  })
  const failures = new Counter({
    name: 'catalogue_database_errors_total',
    help: 'Database calls that failed: timed out (no answer within the deadline) or unreachable.',
    labelNames: ['kind'] as const,
    registers,
  })
  const durations = new Histogram({
    name: 'catalogue_database_query_duration_seconds',
    help: 'Time from asking the pool for a connection to a query’s rows, by kind of query.',
    labelNames: ['query'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  })
  catalogue.database.observe({
    query: (query, seconds) => durations.observe({ query }, seconds),
    failed: (kind) => failures.inc({ kind }),
  })
}
