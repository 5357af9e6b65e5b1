import { lowerBound } from '../lower-bound'

/*
 * Relevance (contract §13), the one ranking of every engine: the engine in memory and PostgreSQL's search
 * find which indexed words a query's words match and the documents holding them, then count and rank here.
 */

/** An indexed word a query's word matched: whether it is that word itself, and its documents, ascending. */
export interface MatchedWord {
  exact: boolean
  documents: Int32Array
}

/** The tiers: the whole name, every word equal, every word matched, any word (the fallback). */
const TIER_WHOLE_NAME = 1
const TIER_EVERY_WORD_EQUAL = 2
const TIER_EVERY_WORD = 3
const TIER_ANY_WORD = 4
/** Name words past this many rank as this many. */
export const MOST_NAME_WORDS = 63

/** A document's name words as relevance counts them. */
export const nameWordCount = (words: readonly string[]) => Math.min(words.length, MOST_NAME_WORDS)

/** Reusable per-document counters (one byte a document), reset by every count before it returns. */
export class Tally {
  readonly hits: Uint8Array
  readonly exact: Uint8Array
  readonly stamp: Uint8Array
  constructor(size: number) {
    this.hits = new Uint8Array(size)
    this.exact = new Uint8Array(size)
    this.stamp = new Uint8Array(size)
  }
}

/** The documents a query's words found, ascending, with how many of its words each holds (and how many equal). */
export interface Counted {
  documents: Int32Array
  hits: Uint8Array
  exact: Uint8Array
  /** How many words the query has. */
  words: number
}

/**
 * Counts, for each document in `[from, to)`, the query's words it holds (`matched[i]`: what the query's word
 * `i` matched) and how many of them as themselves. The tally is left as it was found.
 */
export function countWords(
  tally: Tally,
  matched: readonly (readonly MatchedWord[])[],
  from: number,
  to: number,
): Counted {
  const touched: number[] = []
  matched.forEach((words, position) => {
    const stamp = position + 1
    for (const { exact, documents } of words) {
      for (let at = lowerBound(documents, from); at < documents.length; at++) {
        const document = documents[at] as number
        if (document >= to) break
        if (tally.stamp[document] === stamp) continue
        tally.stamp[document] = stamp
        if (tally.hits[document] === 0) touched.push(document)
        ;(tally.hits[document] as number)++
        if (exact) (tally.exact[document] as number)++
      }
    }
  })
  const documents = Int32Array.from(touched).sort()
  const hits = new Uint8Array(documents.length)
  const exact = new Uint8Array(documents.length)
  documents.forEach((document, at) => {
    hits[at] = tally.hits[document] as number
    exact[at] = tally.exact[document] as number
    tally.hits[document] = 0
    tally.exact[document] = 0
    tally.stamp[document] = 0
  })
  return { documents, hits, exact, words: matched.length }
}

/** Whether a document holds every word of the query. */
export function hasEvery(counted: Counted): boolean {
  return counted.hits.some((hits) => hits === counted.words)
}

/**
 * The documents that rank first if their whole name equals the query: every word equal, as many name words.
 * An engine reads their names (the query's words joined by a space) before it ranks.
 */
export function wholeNameCandidates(counted: Counted, nameWords: ArrayLike<number>): number[] {
  const candidates: number[] = []
  counted.documents.forEach((document, at) => {
    if (counted.exact[at] === counted.words && nameWords[document] === counted.words)
      candidates.push(document)
  })
  return candidates
}

/**
 * The documents counted, ranked: `every`, those holding every word (else those holding any), by tier, then
 * fewer name words; ties keep document order. `isWholeName` tells a candidate whose name equals the query.
 */
export function rank(
  counted: Counted,
  every: boolean,
  nameWords: ArrayLike<number>,
  isWholeName: (document: number) => boolean,
): Int32Array {
  const { documents, hits, exact, words } = counted
  const keys = new Uint16Array(documents.length)
  const kept: number[] = []
  documents.forEach((document, at) => {
    if (every && hits[at] !== words) return
    const names = nameWords[document] as number
    let tier = TIER_ANY_WORD
    if (every) {
      tier = TIER_EVERY_WORD
      if (exact[at] === words)
        tier = names === words && isWholeName(document) ? TIER_WHOLE_NAME : TIER_EVERY_WORD_EQUAL
    }
    keys[kept.length] = tier * (MOST_NAME_WORDS + 1) + names
    kept.push(document)
  })
  // A counting sort: stable, so documents of one key stay in document order.
  const buckets = new Int32Array((TIER_ANY_WORD + 1) * (MOST_NAME_WORDS + 1) + 1)
  for (let at = 0; at < kept.length; at++) (buckets[(keys[at] as number) + 1] as number)++
  for (let key = 1; key < buckets.length; key++) (buckets[key] as number) += buckets[key - 1] as number
  const ranked = new Int32Array(kept.length)
  for (let at = 0; at < kept.length; at++)
    ranked[(buckets[keys[at] as number] as number)++] = kept[at] as number
  return ranked
}
