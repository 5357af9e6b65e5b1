import { type CharacterIndex, indexCharacters } from './characters'
import { answerCharacters, type CharacterReply, type CharacterRequest } from './characters-protocol'
import type { IndexConnection } from './protocol'
import { completeCatalogue } from './worker-data'

/** The characters derived from the latest complete index, kept until the index changes. */
let cached: { version: string; index: CharacterIndex } | null = null

/** A character request answered from the complete index, or null while the index is incomplete. */
export async function characters(
  connection: IndexConnection,
  request: CharacterRequest,
): Promise<CharacterReply | null> {
  const catalogue = await completeCatalogue(connection)
  if (!catalogue) return null
  if (cached?.version !== catalogue.version) {
    cached = { version: catalogue.version, index: indexCharacters(catalogue.records) }
  }
  return answerCharacters(cached.index, request)
}
