import type { ApiRecord } from '../../catalogue'
import type { CharacterReply, CharacterRequest } from '../protocol/characters'
import type { IndexConnection } from '../protocol/worker-api'
import { type ApiCharacterIndex, answerCharacters, indexCharacters } from './characters'
import { existingDatabase, perVersion } from './data'
import { readById } from './store'

/** The characters as the index's database keeps them: without the records, which the index holds already. */
type SavedCharacters = Omit<ApiCharacterIndex, 'records'>

/** The characters derived from the latest complete index, kept until the index changes (and in its database). */
export const characterIndex = perVersion<ApiCharacterIndex, SavedCharacters>(
  (catalogue) => indexCharacters(catalogue.records),
  {
    kind: 'characters',
    format: 1,
    save: ({ records: _, ...saved }) => saved,
    // Read back without records: a request that shows records reads those it shows (`withRecords`).
    restore: (saved) => ({ ...saved, records: new Map() }),
  },
)

/** The characters a request is about: those asked for, or those of the record whose relations are asked. */
function charactersOf(index: ApiCharacterIndex, request: CharacterRequest): readonly number[] {
  if (request.kind === 'one') return [request.id]
  if (request.kind === 'many') return request.ids
  if (request.kind === 'related') return index.charactersOf.get(request.collection)?.get(request.id) ?? []
  return []
}

/**
 * The index with the records a request shows, read by id from the index's database when the index was read
 * back without them (a page load reads a character's few records, not the whole catalogue).
 */
async function withRecords(
  connection: IndexConnection,
  index: ApiCharacterIndex,
  request: CharacterRequest,
): Promise<ApiCharacterIndex | null> {
  if (request.kind === 'list' || index.records.size > 0) return index
  const found = await existingDatabase(connection)
  if (!found) return null
  const characters = charactersOf(index, request)
  const records = new Map<string, Map<number, ApiRecord>>()
  for (const [collection, byCharacter] of index.linkedBy) {
    const ids = new Set(characters.flatMap((character) => byCharacter.get(character) ?? []))
    const read = await readById(found.db, collection, [...ids])
    records.set(collection, new Map(read.map((record) => [record.id, record])))
  }
  return { ...index, records }
}

/** A character request answered from the complete index, or null while the index is incomplete. */
export async function characters(
  connection: IndexConnection,
  request: CharacterRequest,
): Promise<CharacterReply | null> {
  const found = await characterIndex(connection)
  const index = found && (await withRecords(connection, found.value, request))
  return index && answerCharacters(index, request)
}
