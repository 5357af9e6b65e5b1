import type { CharacterReply, CharacterRequest } from '../protocol/characters'
import type { IndexConnection } from '../protocol/worker-api'
import { answerCharacters, indexCharacters } from './characters'
import { perVersion } from './data'

/** The characters derived from the latest complete index, kept until the index changes. */
const characterIndex = perVersion((catalogue) => indexCharacters(catalogue.records))

/** A character request answered from the complete index, or null while the index is incomplete. */
export async function characters(
  connection: IndexConnection,
  request: CharacterRequest,
): Promise<CharacterReply | null> {
  const found = await characterIndex(connection)
  return found && answerCharacters(found.value, request)
}
