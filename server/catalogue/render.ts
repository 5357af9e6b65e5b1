import { type Addresses, type AnyCollection, CHARACTERS_PATH } from '../../src/catalogue'

/** The addresses the records of `collection` show, built from the public `base`. */
export function addressesFor(collection: AnyCollection, base: string): Addresses {
  const self = `${base}${collection.itemPath}/`
  const characters = `${base}${CHARACTERS_PATH}/`
  return {
    self: (id) => `${self}${id}`,
    characters: (ids) => ids.map((id) => `${characters}${id}`),
  }
}
