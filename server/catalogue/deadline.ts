import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * A request's whole deadline (contract §13): the time by which it has its answer or a 503, whatever queries
 * it makes and whatever it waits for (a pooled connection, a share of the database's work). Set by the HTTP
 * layer around an answer; read by the database store for each wait and each query. Work outside any request
 * (a load, a check of the version served) has none.
 */
interface Deadline {
  /** `performance.now()` by which the request must be answered; Infinity once lifted. */
  at: number
}

const deadlines = new AsyncLocalStorage<Deadline>()

/** Runs `work` (and everything it starts) with a deadline `ms` from now. */
export function withinDeadline<T>(ms: number, work: () => T): T {
  return deadlines.run({ at: performance.now() + ms }, work)
}

/** Milliseconds left before the current request's deadline (at most 0 once past it); Infinity outside one. */
export function msLeft(): number {
  const deadline = deadlines.getStore()
  return deadline === undefined ? Number.POSITIVE_INFINITY : deadline.at - performance.now()
}

/**
 * Lifts the current request's deadline: a stream's body, once its first byte is ready, takes as long as its
 * client reads it, each of its queries within the database's own deadline.
 */
export function liftDeadline(): void {
  const deadline = deadlines.getStore()
  if (deadline !== undefined) deadline.at = Number.POSITIVE_INFINITY
}
