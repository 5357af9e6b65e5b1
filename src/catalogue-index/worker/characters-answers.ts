import type { CharacterReply, CharacterRequest } from '../protocol/characters'
import type { IndexConnection } from '../protocol/worker-api'
import { answerCharacters, type CharacterIndex, indexCharacters } from './characters'
import { completeCatalogue, perVersion } from './data'

/** The characters as the index's database keeps them: without the records, which the index holds already. */
type SavedCharacters = Omit<CharacterIndex, 'records'>

/** The characters derived from the latest complete index, kept until the index changes (and in its database). */
export const characterIndex = perVersion<CharacterIndex, SavedCharacters>(
  (catalogue) => indexCharacters(catalogue.records),
  {
    kind: 'characters',
    format: 1,
    save: ({ records: _, ...saved }) => saved,
    // The records are read when a request needs them (a character's page, not the list).
    restore: (saved) => ({ ...saved, records: new Map() }),
  },
)

/** A character request answered from the complete index, or null while the index is incomplete. */
export async function characters(
  connection: IndexConnection,
  request: CharacterRequest,
): Promise<CharacterReply | null> {
  const found = await characterIndex(connection)
  if (!found) return null
  const index = found.value
  if (request.kind !== 'list' && index.records.size === 0) {
    const catalogue = await completeCatalogue(connection)
    if (!catalogue || catalogue.version !== found.version) return null
    for (const [collection, records] of catalogue.records) {
      index.records.set(collection, new Map(records.map((record) => [record.id, record])))
    }
  }
  return answerCharacters(index, request)
}
