import { useQuery } from '@tanstack/react-query'
import type { Connection } from '../../api/client'
import { useConnection } from '../../api/connection-in-use'
import { indexWorker, plainConnection } from '../client/index-client'
import type {
  CharacterDetail,
  CharacterListPage,
  CharacterListQuery,
  CharacterReply,
  CharacterRequest,
  RelatedRecords,
} from '../protocol/characters'
import type { IndexStatus } from '../protocol/worker-api'
import { indexQueryKeys } from './index-query-keys'
import { useIndexSupport } from './index-support'
import { useIndexStatus } from './use-index-status'

/** A page's data from the catalogue index of this browser. */
export type IndexAnswer<T> =
  /** This browser cannot hold the index (no Web Worker or IndexedDB). */
  | { state: 'unsupported' }
  /** The index is not complete yet (its status line says how far it is). */
  | { state: 'waiting'; status: IndexStatus; build: () => void }
  | { state: 'loading' }
  | { state: 'failed'; error: unknown; retry: () => void }
  | { state: 'ready'; data: T; updatedAt: number | null }

const NO_CONNECTION: Connection = { baseUrl: '', apiKey: '' }

class IndexIncomplete extends Error {
  constructor() {
    super('The catalogue index is not complete.')
  }
}

/**
 * Asks the index worker once the index of the connection in use is complete, and again whenever it changes
 * (a refresh, another tab's crawl). `pick` reads the answer out of the worker's tagged reply.
 */
function useCharacterReply<T>(
  request: CharacterRequest,
  pick: (reply: CharacterReply) => { answer: T } | null,
  autoIndex = false,
): IndexAnswer<T> {
  const { connection } = useConnection()
  const support = useIndexSupport()
  const usable = connection !== null && support === true
  const { status, build } = useIndexStatus(connection ?? NO_CONNECTION, autoIndex, usable)
  const complete = usable && status?.complete === true
  const query = useQuery({
    queryKey: indexQueryKeys.characters(connection?.baseUrl ?? '', status?.updatedAt ?? null, request),
    queryFn: async () => {
      const reply = await indexWorker().characters(plainConnection(connection ?? NO_CONNECTION), request)
      const picked = reply ? pick(reply) : null
      // The index went incomplete in between (dropped, or built again from the start): wait for it.
      if (picked === null) throw new IndexIncomplete()
      return picked
    },
    enabled: complete,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof IndexIncomplete) && count < 1,
  })
  // Rendered by the service, or hydrating: whether this browser can keep the index is not known yet.
  if (support === null) return { state: 'loading' }
  if (!usable) return { state: 'unsupported' }
  // The worker has not said yet whether the index is complete: no "build the index" for a moment.
  if (status === null) return { state: 'loading' }
  if (!complete || query.error instanceof IndexIncomplete)
    return { state: 'waiting', status, build: () => build('build') }
  if (query.isError) return { state: 'failed', error: query.error, retry: () => void query.refetch() }
  if (query.data === undefined) return { state: 'loading' }
  return { state: 'ready', data: query.data.answer, updatedAt: status?.updatedAt ?? null }
}

/** A page of the characters list. */
export const useCharacterList = (query: CharacterListQuery): IndexAnswer<CharacterListPage> =>
  useCharacterReply({ kind: 'list', ...query }, (reply) => (reply.kind === 'list' ? reply : null))

/** One character (null: no record names it). */
export const useCharacter = (id: number): IndexAnswer<CharacterDetail | null> =>
  useCharacterReply({ kind: 'one', id }, (reply) => (reply.kind === 'one' ? reply : null))

/** Several characters (those found). */
export const useCharacters = (ids: number[]): IndexAnswer<CharacterDetail[]> =>
  useCharacterReply({ kind: 'many', ids }, (reply) => (reply.kind === 'many' ? reply : null))

/**
 * The records of other collections sharing characters with a record (null: no such record). A small catalogue
 * is indexed without being asked, as from the lists.
 */
export const useRelatedRecords = (collection: string, id: number): IndexAnswer<RelatedRecords[] | null> =>
  useCharacterReply(
    { kind: 'related', collection, id },
    (reply) => (reply.kind === 'related' ? reply : null),
    true,
  )
