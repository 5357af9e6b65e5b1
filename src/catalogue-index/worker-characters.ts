import { type CharacterIndex, indexCharacters } from './characters'
import {
  answerCharacters,
  type CharacterAnswers,
  type CharacterKind,
  type CharacterRequest,
} from './characters-protocol'
import type { IndexConnection } from './protocol'
import { completeCatalogue } from './worker-data'

/** The characters derived from the latest complete index, kept until the index changes. */
let cached: { version: string; index: CharacterIndex } | null = null

/** A character request answered from the complete index, or null while the index is incomplete. */
export async function characters<K extends CharacterKind>(
  connection: IndexConnection,
  request: CharacterRequest<K>,
): Promise<CharacterAnswers[K] | null> {
  const catalogue = await completeCatalogue(connection)
  if (!catalogue) return null
  if (cached?.version !== catalogue.version) {
    cached = { version: catalogue.version, index: indexCharacters(catalogue.records) }
  }
  return answerCharacters(cached.index, request)
}
