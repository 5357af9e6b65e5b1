import { indexCharacters } from './characters'
import { answerCharacters, type CharacterReply, type CharacterRequest } from './characters-protocol'
import type { IndexConnection } from './protocol'
import { perVersion } from './worker-data'

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
