import { type AnyCollection, COMMON_DATASET_RULES, joinWithAnd, textProblem } from '../../src/catalogue'

/**
 * The rules every loader applies to a dataset's records (contract §9 and §12), in one place: the file loader
 * (the whole file in memory) and the database loader (streamed) refuse the same records with the same
 * sentences, naming the collection, the record (index and id) and the field.
 */

/** Why a file is not a dataset of these collections at all (its outermost value is not an object). */
export function notADataset(collections: readonly AnyCollection[]): string {
  const names = collections.map(({ name }) => `"${name}"`)
  return `the file must hold one JSON object with the arrays ${joinWithAnd(names)}`
}

/** Why a collection's value is not usable. */
export const notAnArray = (collection: AnyCollection) => `"${collection.name}" must be an array of records`

/** The record as messages name it: `locations[3] (id 4)`. */
export function recordAt(collection: AnyCollection, index: number, record: unknown): string {
  return `${collection.name}[${index}]${describeId(record)}`
}

/** What is wrong with the record at `index`, in a sentence naming it and the field; null when it is valid. */
export function recordProblem(collection: AnyCollection, index: number, record: unknown): string | null {
  const where = recordAt(collection, index, record)
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return `${where} must be an object`
  const result = collection.dataset.safeParse(record)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = String(issue?.path[0] ?? '')
    const missing = !(field in record)
    return `${where}: "${field}" ${missing ? 'is missing; it ' : ''}${ruleOf(collection, field)}`
  }
  // The fields the schema read: a field beyond them is never stored nor served.
  for (const [field, value] of Object.entries(result.data)) {
    const problem = typeof value === 'string' ? textProblem(value) : null
    if (problem !== null) return `${where}: "${field}" ${problem}`
  }
  return null
}

/** The sentence for a record whose id an earlier record of the collection has. */
export function duplicateId(
  collection: AnyCollection,
  index: number,
  record: unknown,
  earlier: number,
): string {
  return `${recordAt(collection, index, record)}: "id" must be unique, but ${collection.name}[${earlier}] has the same id`
}

const COMMON_RULES: { readonly [field: string]: string } = COMMON_DATASET_RULES

function ruleOf(collection: AnyCollection, field: string): string {
  return COMMON_RULES[field] ?? collection.datasetRules[field] ?? 'is not valid'
}

function describeId(record: unknown): string {
  if (typeof record !== 'object' || record === null || !('id' in record)) return ''
  return ` (id ${JSON.stringify((record as { id: unknown }).id)})`
}
