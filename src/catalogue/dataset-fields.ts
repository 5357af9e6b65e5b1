import { z } from 'zod/mini'

/** Fields the dataset file (contract section 9) holds alike in every collection. */
export const datasetId = z.int().check(z.positive())
export const characterIds = z.array(z.int().check(z.positive()))
export const datasetCreated = z.iso.datetime({ precision: 3 })

/** The rule of a character-link field, for a refused file's message. */
export const CHARACTER_IDS_RULE = 'must be an array of positive integers'

// Ids of 0 are accepted in answers: the specification names 0 as an id's value when it is empty, and the
// explorer reads any service that follows it.
export const apiId = z.int().check(z.nonnegative())

/** The most characters a string field of the dataset may hold (contract §13). */
export const MAX_TEXT_CHARACTERS = 10_000

/** Why a text is refused for its length, in the words a refused file's message uses. */
export const TOO_LONG = 'holds more than 10,000 characters, the most a catalogue text may hold'

/**
 * What a string field of the dataset may not hold (contract §12, §13): more than MAX_TEXT_CHARACTERS
 * characters; U+0000, which PostgreSQL cannot store in text; and an unpaired surrogate (only a `\u` escape
 * can write one), which is no character and cannot be written as UTF-8. Null when the text is fine, else the
 * words a refused file's message uses.
 */
export function textProblem(text: string): string | null {
  // Two UTF-16 units at most per character: only a longer text needs its characters counted.
  if (text.length > MAX_TEXT_CHARACTERS && characterCount(text) > MAX_TEXT_CHARACTERS) return TOO_LONG
  if (text.includes('\u0000')) return 'contains U+0000 (a null character), which a catalogue may not hold'
  const lone = LONE_SURROGATE.exec(text)
  if (lone === null) return null
  const code = lone[0].charCodeAt(0).toString(16).toUpperCase()
  return `contains an unpaired surrogate (U+${code}), which is not a character and a catalogue may not hold`
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether a text holds what no text of a catalogue can (U+0000, an unpaired surrogate): a filter or facet value
 * holding it matches nothing (contract §13), on every store, without asking one.
 */
export function matchesNoText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value)
}

/** The characters (code points) of a text. */
function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}
