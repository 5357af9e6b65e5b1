import type { ApiRecord, Info } from '../../catalogue'
import type { CharacterListQuery } from '../../lib/character-path'

export type { CharacterListQuery }

/** A row of the characters list: its number and how many records of each collection name it. */
export interface CharacterRow {
  id: number
  name: string
  /** Per collection name: how many of its records name this character. */
  counts: Record<string, number>
}

export interface CharacterListPage {
  info: Info
  results: CharacterRow[]
  /** The seasons the filter offers: every season of the catalogue's episodes. */
  seasons: number[]
  /** Season → how many characters within the ranges appear in it. */
  seasonCounts: Record<number, number>
  /** False: the service did not count the seasons in time (none are listed then); the index always counts them. */
  seasonsCounted?: boolean
}

/** `Character #42`: a character has no name in the catalogue, only its number. */
export const characterName = (id: number) => `Character #${id}`

export interface CharacterDetail {
  id: number
  name: string
  address: string
  /** Per collection, in the catalogue's order: the records naming this character (episodes in air order). */
  links: { collection: string; records: ApiRecord[] }[]
}

/** Records of another collection that name some of a record's characters, with how many of them each names. */
export interface RelatedRecords {
  collection: string
  items: { record: ApiRecord; count: number }[]
}

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
