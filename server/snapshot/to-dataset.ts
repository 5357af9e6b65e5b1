import { type ApiRecord, characterIdFromUrl } from '../../src/catalogue'

/** A record the dataset file cannot hold; the message names the record and the address. */
export class SnapshotError extends Error {
  override name = 'SnapshotError'
}

/** What the conversion reads of a collection's definition. */
export interface Convertible {
  labels: { singular: string }
  characterLinks: { field: string }
}

/**
 * A record as the dataset file holds it (contract section 9): every field the API shows but `url`, in the same
 * order, with the character addresses of the collection's character-link field as character ids.
 */
export function datasetRecordOf(collection: Convertible, record: ApiRecord): Record<string, unknown> {
  const { url: _url, ...fields } = record
  const field = collection.characterLinks.field
  const label = collection.labels.singular
  const name = `${label.charAt(0).toUpperCase()}${label.slice(1)} ${record.id}`
  const addresses: unknown = Reflect.get(fields, field)
  if (!Array.isArray(addresses)) throw new SnapshotError(`${name} has no "${field}" list.`)
  return { ...fields, [field]: addresses.map((address) => characterId(address, name, field)) }
}

function characterId(address: unknown, name: string, field: string): number {
  const id = typeof address === 'string' ? characterIdFromUrl(address) : null
  if (id === null) {
    throw new SnapshotError(
      `${name} has an address in "${field}" whose last path segment is not a character id: ${JSON.stringify(address)}.`,
    )
  }
  return id
}
