import {
  type QueryKey,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import type { CatalogueClient } from '../../api/client'
import { useCatalogueClient, useConnection } from '../../api/connection-in-use'
import { serviceCharacters } from '../../api/service-characters'
import { useServiceExtension } from '../../api/use-service-extension'
import { answererOf } from '../../lib/answerer'
import { indexWorker } from '../client/index-client'
import type {
  CharacterDetail,
  CharacterListPage,
  CharacterListQuery,
  CharacterReply,
  CharacterRequest,
  RelatedRecords,
} from '../protocol/characters'
import { indexQueryKeys } from './index-query-keys'
import { serviceCharacterQueries, serviceRelatedQuery } from './service-character-queries'
import {
  characterListRequestPath,
  charactersRequestPath,
  type RelatedPage,
  relatedRequestPath,
} from './service-characters'
import { type IndexPageState, indexPageState, useIndexAnswer } from './use-index-answer'

/**
 * A character page's answer, and who gave it by the one rule (`src/lib/answerer.ts`): the complete, current
 * index; else a service that answers characters (contract §13), with the requests it made; else the index,
 * which says what it needs.
 */
export type CharacterAnswer<T> = IndexPageState<T> & {
  by: 'index' | 'service'
  /** The service's requests behind the answer (none from the index). */
  paths: string[]
}

/**
 * Whether the service in use answers this page instead of the index, and which client asks it: until the index
 * has answered (its answer then replaces the service's in place, with nothing loading between them).
 */
function useAskedService(index: { complete: boolean; data: unknown }): CatalogueClient | null {
  const { client, config } = useConnection()
  const service = useServiceExtension(serviceCharacters, client, config)
  const answered = index.complete && index.data !== undefined
  return answererOf('characters', { index: answered ? 'ready' : 'incomplete', service }) === 'service'
    ? client
    : null
}

/** A service query's state in the shape the index's answers take. */
function serviceState<T>(
  query: Pick<UseQueryResult | UseInfiniteQueryResult, 'error' | 'refetch'>,
  data: T | undefined,
): IndexPageState<T> {
  const retry = () => void query.refetch()
  if (data !== undefined) return { state: 'ready', data, updatedAt: null, kept: false }
  if (query.error) return { state: 'failed', error: query.error, retry }
  return { state: 'loading' }
}

/**
 * Asks a character question (see `useIndexAnswer`); an index's answer shown stays, said so, when the catalogue
 * changes under it (a comparison in progress finishes on the version it began with). `pick` reads the answer
 * out of the worker's tagged reply, held in an object so that an answer of null (no such character) stays an
 * answer.
 */
function useCharacterReply<T>(
  request: CharacterRequest,
  pick: (reply: CharacterReply) => { answer: T } | null,
  service: { paths: string[]; query: (client: CatalogueClient) => UseQueryOptions<T, Error, T, QueryKey> },
): CharacterAnswer<T> {
  const index = useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.characters(baseUrl, updatedAt, request),
    ask: async (connection) => {
      const reply = await indexWorker().characters(connection, request)
      return reply ? pick(reply) : null
    },
    retries: 1,
    keepsStaleAnswer: true,
  })
  const client = useAskedService(index)
  const asked = useQuery({ ...service.query(useCatalogueClient()), enabled: client !== null })
  if (client) return { ...serviceState(asked, asked.data), by: 'service', paths: service.paths }
  const state = indexPageState(index)
  const answered = state.state === 'ready' ? { ...state, data: state.data.answer } : state
  return { ...answered, by: 'index', paths: [] }
}

/** A page of the characters list. */
export function useCharacterList(query: CharacterListQuery): CharacterAnswer<CharacterListPage> {
  return useCharacterReply({ kind: 'list', ...query }, (reply) => (reply.kind === 'list' ? reply : null), {
    paths: [characterListRequestPath(query)],
    query: (client) => serviceCharacterQueries.list(client, query),
  })
}

/** One character (null: no record names it). */
export function useCharacter(id: number): CharacterAnswer<CharacterDetail | null> {
  return useCharacterReply({ kind: 'one', id }, (reply) => (reply.kind === 'one' ? reply : null), {
    paths: [charactersRequestPath([id])],
    query: (client) => serviceCharacterQueries.one(client, id),
  })
}

/** Several characters (those found). */
export function useCharacters(ids: number[]): CharacterAnswer<CharacterDetail[]> {
  return useCharacterReply({ kind: 'many', ids }, (reply) => (reply.kind === 'many' ? reply : null), {
    paths: [charactersRequestPath(ids)],
    query: (client) => serviceCharacterQueries.many(client, ids),
  })
}

/** A record's related records; from the service, a page at a time, with what remains. */
export type RelatedAnswer = CharacterAnswer<RelatedRecords[] | null> & {
  /** Per collection, when the service answers: how many there are, and whether more can be shown. */
  more: RelatedPage['more'] | null
  showMore(): void
  fetchingMore: boolean
}

/**
 * The records of other collections sharing characters with a record (null: no such record). A small catalogue
 * is indexed without being asked, as from the lists; a service that answers characters answers a page of them
 * at a time, most shared first.
 */
export function useRelatedRecords(collection: string, id: number): RelatedAnswer {
  const request: CharacterRequest = { kind: 'related', collection, id }
  const index = useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.characters(baseUrl, updatedAt, request),
    ask: async (connection) => {
      const reply = await indexWorker().characters(connection, request)
      return reply?.kind === 'related' ? { answer: reply.answer } : null
    },
    autoIndex: true,
    retries: 1,
    keepsStaleAnswer: true,
  })
  const client = useAskedService(index)
  const service = useInfiniteQuery({
    ...serviceRelatedQuery(useCatalogueClient(), collection, id),
    enabled: client !== null,
  })
  if (client) {
    const pages = service.data?.pages
    const last = pages?.at(-1)
    const related =
      pages === undefined
        ? undefined
        : pages[0] === null
          ? null
          : mergedPages(pages.filter((page) => page !== null))
    return {
      ...serviceState(service, related),
      by: 'service',
      paths: (pages ?? [null]).flatMap((_, at) =>
        (related ?? []).map((other) => relatedRequestPath(collection, id, other.collection, at + 1)),
      ),
      more: last?.more ?? null,
      showMore: () => void service.fetchNextPage(),
      fetchingMore: service.isFetchingNextPage,
    }
  }
  const state = indexPageState(index)
  const answered = state.state === 'ready' ? { ...state, data: state.data.answer } : state
  return { ...answered, by: 'index', paths: [], more: null, showMore: () => undefined, fetchingMore: false }
}

/** The pages read so far, each collection's items in one list. */
function mergedPages(pages: readonly RelatedPage[]): RelatedRecords[] {
  return (pages[0]?.related ?? []).map(({ collection }) => ({
    collection,
    items: pages.flatMap(
      (page) => page.related.find((other) => other.collection === collection)?.items ?? [],
    ),
  }))
}
