import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import { DATASET_COLLECTIONS, type Dataset, FIELD_RULES } from './schema'

/** A dataset file that cannot be used; the message names the file, and the collection, record and field. */
export class DatasetError extends Error {
  override name = 'DatasetError'
}

const READ_FAILURES: Record<string, string> = {
  ENOENT: 'the file does not exist',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory, not a file',
}

/** Reads and validates a whole dataset file (contract section 9). Records come back sorted by id. */
export function loadDataset(path: string): Dataset {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    throw new DatasetError(
      `Dataset ${path} cannot be read: ${READ_FAILURES[code] ?? (code || 'unknown error')}.`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new DatasetError(`Dataset ${path} is not valid JSON: ${(error as Error).message}.`)
  }
  return validateDataset(json, path)
}

/** Validates parsed JSON as a dataset; `source` names it in messages. */
export function validateDataset(json: unknown, source: string): Dataset {
  const fail = (detail: string): never => {
    throw new DatasetError(`Dataset ${source}: ${detail}`)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail('the file must hold one JSON object with the arrays "locations" and "episodes"')
  }
  const file = json as Record<string, unknown>
  const dataset = {} as Record<keyof typeof DATASET_COLLECTIONS, unknown[]>
  for (const [collection, schema] of Object.entries(DATASET_COLLECTIONS) as [
    keyof typeof DATASET_COLLECTIONS,
    z.ZodType,
  ][]) {
    const records = file[collection]
    if (!Array.isArray(records)) fail(`"${collection}" must be an array of records`)
    dataset[collection] = validateRecords(records as unknown[], collection, schema, fail)
  }
  return dataset as unknown as Dataset
}

function validateRecords(
  records: unknown[],
  collection: string,
  schema: z.ZodType,
  fail: (detail: string) => never,
): { id: number }[] {
  const parsed: { id: number }[] = new Array(records.length)
  const indexById = new Map<number, number>()
  for (let index = 0; index < records.length; index++) {
    const record = records[index]
    const where = `${collection}[${index}]${describeId(record)}`
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      fail(`${where} must be an object`)
    }
    const result = schema.safeParse(record)
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = String(issue?.path[0] ?? '')
      const rule = FIELD_RULES[field as keyof typeof FIELD_RULES] ?? 'is not valid'
      const missing = !(field in (record as object))
      fail(`${where}: "${field}" ${missing ? 'is missing; it ' : ''}${rule}`)
    }
    // The validated record itself is kept (not zod's copy): with 100,000 records the copy doubles the peak
    // memory. Fields beyond the schema's are never read, since responses are built field by field.
    const value = record as { id: number }
    const earlier = indexById.get(value.id)
    if (earlier !== undefined)
      fail(`${where}: "id" must be unique, but ${collection}[${earlier}] has the same id`)
    indexById.set(value.id, index)
    parsed[index] = value
  }
  return parsed.sort((a, b) => a.id - b.id)
}

function describeId(record: unknown): string {
  if (typeof record !== 'object' || record === null || !('id' in record)) return ''
  return ` (id ${JSON.stringify((record as { id: unknown }).id)})`
}
