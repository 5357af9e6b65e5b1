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
import { type IndexPageState, indexPageState, useIndexAnswer } from './use-index-answer'

/**
 * Asks the index worker a character question (see `useIndexAnswer`); an answer shown stays, said so, when the
 * catalogue changes under it (a comparison in progress finishes on the version it began with). `pick` reads the answer out of the
 * worker's tagged reply, held in an object so that an answer of null (no such character) stays an answer.
 */
function useCharacterReply<T>(
  request: CharacterRequest,
  pick: (reply: CharacterReply) => { answer: T } | null,
  autoIndex = false,
): IndexPageState<T> {
  const answer = useIndexAnswer({
    key: (baseUrl, updatedAt) => indexQueryKeys.characters(baseUrl, updatedAt, request),
    ask: async (connection) => {
      const reply = await indexWorker().characters(connection, request)
      return reply ? pick(reply) : null
    },
    autoIndex,
    retries: 1,
    keepsStaleAnswer: true,
  })
  const state = indexPageState(answer)
  return state.state === 'ready' ? { ...state, data: state.data.answer } : state
}

/** A page of the characters list. */
export const useCharacterList = (query: CharacterListQuery): IndexPageState<CharacterListPage> =>
  useCharacterReply({ kind: 'list', ...query }, (reply) => (reply.kind === 'list' ? reply : null))

/** One character (null: no record names it). */
export const useCharacter = (id: number): IndexPageState<CharacterDetail | null> =>
  useCharacterReply({ kind: 'one', id }, (reply) => (reply.kind === 'one' ? reply : null))

/** Several characters (those found). */
export const useCharacters = (ids: number[]): IndexPageState<CharacterDetail[]> =>
  useCharacterReply({ kind: 'many', ids }, (reply) => (reply.kind === 'many' ? reply : null))

/**
 * The records of other collections sharing characters with a record (null: no such record). A small catalogue
 * is indexed without being asked, as from the lists.
 */
export const useRelatedRecords = (collection: string, id: number): IndexPageState<RelatedRecords[] | null> =>
  useCharacterReply(
    { kind: 'related', collection, id },
    (reply) => (reply.kind === 'related' ? reply : null),
    true,
  )
