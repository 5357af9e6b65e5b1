import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query'
import type { Connection } from '../../api/client'
import { useConnection } from '../../api/connection-in-use'
import { plainConnection } from '../client/index-client'
import { indexCompleteness } from '../client/index-completeness'
import type { IndexConnection } from '../protocol/worker-api'
import { useIndexSupport } from './index-support'
import { type IndexState, useIndexStatus } from './use-index-status'
import { useOfflineAsOf } from './use-offline'

/** A question for the index worker, asked once the index of the connection in use is complete. */
export interface IndexQuestion<T> {
  /** The question's query key, from the connection's address and the date of the complete index. */
  key(baseUrl: string, updatedAt: number | null): QueryKey
  /** The worker's answer; null when the index is not complete after all (dropped, or built again). */
  ask(connection: IndexConnection): Promise<T | null>
  /** Whether there is a question at all (a search with no text has none). */
  enabled?: boolean
  /** The previous question's answer stays while the next is on its way (a list's other page). */
  keepPrevious?: boolean
  /** A small catalogue is indexed without being asked (see `useIndexStatus`). */
  autoIndex?: boolean
  /**
   * The page waits for this answer (default): the index worker starts at once. Otherwise the answer only adds
   * to a page shown without it, and the worker starts once the page has settled.
   */
  urgent?: boolean
  /** How many times a failure is asked again by itself (an incomplete index never is). */
  retries?: number
  /** A first answer that a better one follows (the names, while the search index loads): asked again. */
  followed?: (answer: T) => boolean
  /**
   * An answer shown stays when the catalogue changes under it, marked `kept` (a comparison in progress finishes
   * on the version it began with); the next question waits for the index to be current again.
   */
  keepsStaleAnswer?: boolean
}

/** What the index answers a page, with the index's state: to say what it needs, and to build it. */
export interface IndexAnswer<T> extends Pick<IndexState, 'status' | 'stale' | 'progress' | 'build'> {
  /** Whether this browser can keep the index: null while not known (the service's render, hydration). */
  support: boolean | null
  /** It can, and there is a connection whose index to read. */
  supported: boolean
  /** The index is complete: the question is answered from it. */
  complete: boolean
  /** The answer was given by the index before it went stale, and is kept (`keepsStaleAnswer`). */
  kept: boolean
  /** The answer, or the previous question's while the next is on its way (`previous`). */
  data: T | undefined
  previous: boolean
  fetching: boolean
  /** Why the worker could not answer; null when it did, or has not been asked. */
  error: unknown
  /** Asks the worker again. */
  retry(): void
}

/** How often a first answer that a better one follows is asked again. */
const FOLLOW_MS = 500

class IndexIncomplete extends Error {
  constructor() {
    super('The catalogue index is not complete.')
  }
}

const NO_CONNECTION: Connection = { baseUrl: '', apiKey: '' }

/**
 * The one way a page asks the index: once the index of the connection in use is complete, and again whenever
 * it changes (a refresh, another tab's crawl, which change its date and so the query's key). An index found
 * incomplete when asked is "not complete", never a failure.
 */
export function useIndexAnswer<T>(question: IndexQuestion<T>): IndexAnswer<T> {
  const {
    key,
    ask,
    enabled = true,
    keepPrevious = false,
    autoIndex = false,
    retries = 0,
    followed,
    urgent = true,
    keepsStaleAnswer = false,
  } = question
  const { connection } = useConnection()
  const support = useIndexSupport()
  const supported = support === true && connection !== null
  const { status, stale, progress, build } = useIndexStatus(connection ?? NO_CONNECTION, {
    autoIndex,
    enabled: supported,
    urgent,
  })
  // A stale index answers nothing while the service can (contract §13); offline it does, with its date.
  const offline = useOfflineAsOf() !== null
  // Before the worker has said, what it said last on this page (a list's loader reads the same).
  const complete =
    supported &&
    (status
      ? status.complete && (!stale || offline)
      : connection !== null && indexCompleteness.known(connection))
  const updatedAt = status
    ? status.updatedAt
    : ((connection && indexCompleteness.updatedAt(connection)) ?? null)
  const query = useQuery({
    queryKey: key(connection?.baseUrl ?? '', updatedAt),
    queryFn: async () => {
      const answer = connection ? await ask(plainConnection(connection)) : null
      if (answer === null) throw new IndexIncomplete()
      return answer
    },
    enabled: complete && enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof IndexIncomplete) && count < retries,
    refetchInterval: (asked) =>
      asked.state.data !== undefined && followed?.(asked.state.data) ? FOLLOW_MS : false,
  })
  const incomplete = query.error instanceof IndexIncomplete
  const kept = !complete && keepsStaleAnswer && stale && status?.complete === true && query.data !== undefined
  return {
    support,
    supported,
    status,
    stale,
    progress,
    build,
    complete: complete && !incomplete,
    kept,
    data: complete || kept ? query.data : undefined,
    previous: query.isPlaceholderData,
    fetching: query.isFetching,
    error: incomplete ? null : query.error,
    retry: () => void query.refetch(),
  }
}

/** A page's data from the index as one state, for pages that show nothing else meanwhile. */
export type IndexPageState<T> =
  /** This browser cannot hold the index (no Web Worker or IndexedDB). */
  | { state: 'unsupported' }
  /** The index is not complete yet (its status line says how far it is). */
  | { state: 'waiting'; status: NonNullable<IndexState['status']>; build: () => void }
  | { state: 'loading' }
  | { state: 'failed'; error: unknown; retry: () => void }
  /** `kept`: answered before the catalogue changed, and kept (`keepsStaleAnswer`). */
  | { state: 'ready'; data: T; updatedAt: number | null; kept: boolean }

export function indexPageState<T>(answer: IndexAnswer<T>): IndexPageState<T> {
  const { support, supported, status, complete, kept, error, data } = answer
  // Rendered by the service, or hydrating: whether this browser can keep the index is not known yet.
  if (support === null) return { state: 'loading' }
  if (!supported) return { state: 'unsupported' }
  // The worker has not said yet whether the index is complete: no "build the index" for a moment.
  if (status === null) return { state: 'loading' }
  if (kept && data !== undefined) return { state: 'ready', data, updatedAt: status.updatedAt ?? null, kept }
  if (!complete) return { state: 'waiting', status, build: () => answer.build('build') }
  if (error !== null) return { state: 'failed', error, retry: answer.retry }
  if (data === undefined) return { state: 'loading' }
  return { state: 'ready', data, updatedAt: status.updatedAt ?? null, kept: false }
}
