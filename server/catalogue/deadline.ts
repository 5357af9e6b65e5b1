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
  /** Whether the request's client has gone (its connection closed): work not started yet is not started. */
  gone: () => boolean
}

const deadlines = new AsyncLocalStorage<Deadline>()

/** Runs `work` (and everything it starts) with a deadline `ms` from now, for a client `gone` tells of. */
export function withinDeadline<T>(ms: number, work: () => T, gone: () => boolean = () => false): T {
  return deadlines.run({ at: performance.now() + ms, gone }, work)
}

/** Whether the current request's client has gone (a palette's request aborted by the next keystroke). */
export function clientGone(): boolean {
  return deadlines.getStore()?.gone() ?? false
}

/** Work dropped before it started, for a client that has gone: nobody is left to answer. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError'
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
