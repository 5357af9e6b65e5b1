import type {
  CharacterDetail,
  CharacterIndex,
  CharacterListPage,
  CharacterListQuery,
  RelatedRecords,
} from './characters'
import { characterDetail, characterListPage, relatedRecords } from './characters'

/** What the character pages ask the index worker, by kind. */
type Asks = {
  list: CharacterListQuery
  one: { id: number }
  many: { ids: number[] }
  related: { collection: string; id: number }
}

/** What the worker answers each kind with (the worker answers null instead while the index is incomplete). */
export type CharacterAnswers = {
  list: CharacterListPage
  /** Null: no record names this character. */
  one: CharacterDetail | null
  /** The characters found, in the order asked. */
  many: CharacterDetail[]
  /** Null: the collection has no such record. */
  related: RelatedRecords[] | null
}

export type CharacterKind = keyof Asks
export type CharacterRequest<K extends CharacterKind = CharacterKind> = { [P in K]: { kind: P } & Asks[P] }[K]
/** An answer, tagged with the kind of request it answers (so that a caller can tell them apart by type). */
export type CharacterReply = { [K in CharacterKind]: { kind: K; answer: CharacterAnswers[K] } }[CharacterKind]

const replies: {
  [K in CharacterKind]: (index: CharacterIndex, request: CharacterRequest<K>) => CharacterReply
} = {
  list: (index, { page, season }) => ({ kind: 'list', answer: characterListPage(index, { page, season }) }),
  one: (index, { id }) => ({ kind: 'one', answer: characterDetail(index, id) }),
  many: (index, { ids }) => ({ kind: 'many', answer: ids.flatMap((id) => characterDetail(index, id) ?? []) }),
  related: (index, { collection, id }) => ({
    kind: 'related',
    answer: relatedRecords(index, collection, id),
  }),
}

/** The answer to a character request from the derived index. */
export function answerCharacters<K extends CharacterKind>(
  index: CharacterIndex,
  request: CharacterRequest<K>,
): CharacterReply {
  const reply: (index: CharacterIndex, request: CharacterRequest<K>) => CharacterReply = replies[request.kind]
  return reply(index, request)
}
