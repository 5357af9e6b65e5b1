import type { ApiRecord } from '../catalogue'

/** The records exactly as the API returns them, as one JSON array (two-space indent, a final line break). */
export function recordsToJson(records: readonly ApiRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`
}
