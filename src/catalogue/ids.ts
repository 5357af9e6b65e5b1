/** The most ids one request may name. */
export const MAX_IDS = 500

const ID_PATTERN = /^[0-9]{1,16}$/

export type IdSelection = { kind: 'one'; id: number } | { kind: 'many'; ids: number[] }

export type IdParseResult =
  | { ok: true; selection: IdSelection }
  | { ok: false; reason: 'malformed' | 'tooMany'; error: string }

/** Reads one id: 1 to 16 decimal digits, value at least 1, leading zeros allowed. */
export function parseId(text: string): number | null {
  const trimmed = text.trim()
  if (!ID_PATTERN.test(trimmed)) return null
  const id = Number(trimmed)
  return id >= 1 ? id : null
}

const MALFORMED: IdParseResult = {
  ok: false,
  reason: 'malformed',
  error:
    'The identifiers must be one id, a comma-separated list such as 1,2,3, or a bracketed list such as [1,2,3]; each id is 1 to 16 digits with a value of at least 1.',
}

/**
 * Reads the `{ids}` path segment: `7` (one record), `1,2,3` or `[1,2,3]` (an array; `[]` is empty).
 * Returned ids are unique and in ascending order.
 */
export function parseIdSelection(text: string): IdParseResult {
  const trimmed = text.trim()
  const opens = trimmed.startsWith('[')
  const closes = trimmed.endsWith(']')
  if (opens !== closes) return MALFORMED
  const bracketed = opens && closes
  const inner = bracketed ? trimmed.slice(1, -1) : trimmed
  if (bracketed && inner.trim() === '') return { ok: true, selection: { kind: 'many', ids: [] } }

  const items = inner.split(',')
  if (items.length > MAX_IDS) {
    return { ok: false, reason: 'tooMany', error: `At most ${MAX_IDS} identifiers may be requested at once.` }
  }
  const ids: number[] = []
  for (const item of items) {
    const id = parseId(item)
    if (id === null) return MALFORMED
    ids.push(id)
  }
  if (!bracketed && ids.length === 1) return { ok: true, selection: { kind: 'one', id: ids[0] as number } }
  return { ok: true, selection: { kind: 'many', ids: [...new Set(ids)].sort((a, b) => a - b) } }
}

/** Writes ids as a bare comma-separated list (`1,5,9`), the form used in the app's URLs and requests. */
export function formatIdList(ids: readonly number[]): string {
  return ids.join(',')
}
