import type { RequestRecord } from '../catalogue'

/**
 * Every request the explorer's client makes, in one place, for the "API" disclosure on each page. An entry
 * holds the address (path and query: the key travels in a header, never in the address), never the key.
 */
/**
 * Where an answer came from: the service over the network, the browser's HTTP cache (the API allows a minute),
 * the catalogue index in this browser (offline answers, and pages such as insights counted from it), or the
 * service itself, which asked for it while rendering the page (a first view).
 */
export type RequestSource = 'network' | 'cache' | 'index' | 'page'

/** A request of the log: its plain fields (the contract's, which a first view's state carries), and more. */
export type RequestLogEntry = RequestRecord & {
  /** Increasing number: later requests have larger ones. */
  seq: number
  method: 'GET'
  source: RequestSource
  at: number
}

const LIMIT = 100

type Listener = () => void

export function createRequestLog(limit = LIMIT) {
  let entries: readonly RequestLogEntry[] = []
  let seq = 0
  const listeners = new Set<Listener>()
  return {
    record(entry: Omit<RequestLogEntry, 'seq' | 'at'>): RequestLogEntry {
      seq += 1
      const full = { ...entry, seq, at: Date.now() }
      entries = [...entries.slice(Math.max(0, entries.length - limit + 1)), full]
      for (const listener of listeners) listener()
      return full
    },
    entries: () => entries,
    /** The sequence number of the latest entry (0 before any): entries after it are "new". */
    lastSeq: () => seq,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    clear() {
      entries = []
      for (const listener of listeners) listener()
    },
  }
}

export type RequestLog = ReturnType<typeof createRequestLog>

/** The explorer's one log, shared by every client it creates. */
export const requestLog = createRequestLog()
