import { finish } from '../in-steps'
import { lettersIn, oneEditApart, oneEditApartIn } from './one-edit'

/** A word being typed is read as a prefix from this many letters (contract §13). */
export const PREFIX_FROM_LETTERS = 2
/** A word of this many letters or more matches words one edit away (contract §13). */
export const TYPO_FROM_LETTERS = 4
/** A prefix stands for at most this many of its completions, the most frequent (contract §13). */
export const MOST_COMPLETIONS = 50

/**
 * The words of a set of documents (each a list of folded words, §13's tokenizer) and, for each word, the
 * documents holding it: what every engine reads to find which words a query's word matches. Words are found
 * by their number in code-unit order; a word's documents are a run of one array (`offsets`), so a catalogue
 * of a million names with a million distinct words costs a few arrays, not an object per word.
 */
export class WordIndex {
  private constructor(
    /** Every distinct word, in code-unit order (a prefix's completions are a run of it). */
    private readonly words: readonly string[],
    /** The documents of word `n` are `documents[offsets[n]]` up to `documents[offsets[n + 1] - 1]`, ascending. */
    private readonly offsets: Int32Array,
    private readonly documents: Int32Array,
    /** Words by length in letters (a word one edit away is at most one letter longer or shorter). */
    private readonly byLength: Map<number, LengthBucket>,
  ) {}

  /** The index of `documents`, made in one go. */
  static of(documents: readonly (readonly string[])[]): WordIndex {
    return finish(WordIndex.inSteps(documents))
  }

  /** The index of `documents`, made a slice at a time: the generator yields after each STEP_SIZE documents. */
  static *inSteps(documents: readonly (readonly string[])[]): Generator<void, WordIndex> {
    // First the distinct words, how many documents hold each, in order of appearance.
    const numbers = new Map<string, number>()
    const counts: number[] = []
    const lastDocument: number[] = []
    for (let document = 0; document < documents.length; document++) {
      for (const word of documents[document] as readonly string[]) {
        let number = numbers.get(word)
        if (number === undefined) {
          number = counts.length
          numbers.set(word, number)
          counts.push(0)
          lastDocument.push(-1)
        }
        if (lastDocument[number] !== document) {
          lastDocument[number] = document
          ;(counts[number] as number)++
        }
      }
      if (document % STEP_SIZE === STEP_SIZE - 1) yield
    }
    // The default order is code-unit order.
    const words = [...numbers.keys()].sort()
    yield
    const rankOf = new Int32Array(words.length)
    const offsets = new Int32Array(words.length + 1)
    for (let rank = 0; rank < words.length; rank++) {
      const number = numbers.get(words[rank] as string) as number
      rankOf[number] = rank
      offsets[rank + 1] = (offsets[rank] as number) + (counts[number] as number)
    }
    yield
    // Then each word's documents, in ascending order as the documents are read.
    const filled = offsets.slice(0, words.length)
    const held = new Int32Array(offsets[words.length] as number)
    lastDocument.fill(-1)
    for (let document = 0; document < documents.length; document++) {
      for (const word of documents[document] as readonly string[]) {
        const number = numbers.get(word) as number
        if (lastDocument[number] === document) continue
        lastDocument[number] = document
        const rank = rankOf[number] as number
        held[(filled[rank] as number)++] = document
      }
      if (document % STEP_SIZE === STEP_SIZE - 1) yield
    }
    const byLength = new Map<number, LengthBucket>()
    for (let number = 0; number < words.length; number++) {
      const word = words[number] as string
      const length = lettersIn(word)
      let bucket = byLength.get(length)
      if (!bucket) {
        bucket = { byFirst: new Map(), bySecond: new Map(), astral: [] }
        byLength.set(length, bucket)
      }
      if (length !== word.length) bucket.astral.push(number)
      else {
        listIn(bucket.byFirst, word.charCodeAt(0)).push(number)
        listIn(bucket.bySecond, word.charCodeAt(1)).push(number)
      }
    }
    return new WordIndex(words, offsets, held, byLength)
  }

  /** A word's number, or -1 when no document holds it. */
  numberOf(word: string): number {
    const at = this.firstAtLeast(word)
    return this.words[at] === word ? at : -1
  }

  /** The documents holding word number `number`, ascending. */
  documentsAt(number: number): Int32Array {
    return this.documents.subarray(this.offsets[number] as number, this.offsets[number + 1] as number)
  }

  /**
   * The numbers of the indexed words a query's word matches (§13): itself, first, when indexed; as the query's
   * last word, its MOST_COMPLETIONS most frequent completions from PREFIX_FROM_LETTERS letters (ties in
   * code-unit order); and from TYPO_FROM_LETTERS letters, every word one edit away. Each word once.
   */
  matchesOf(word: string, last: boolean): number[] {
    const found = new Set<number>()
    const itself = this.numberOf(word)
    if (itself !== -1) found.add(itself)
    const letters = lettersIn(word)
    if (last && letters >= PREFIX_FROM_LETTERS) {
      for (const completion of this.completionsOf(word)) found.add(completion)
    }
    if (letters >= TYPO_FROM_LETTERS) {
      for (let length = letters - 1; length <= letters + 1; length++) {
        const bucket = this.byLength.get(length)
        if (bucket) this.oneEditAwayIn(bucket, word, letters === word.length, found)
      }
    }
    return [...found]
  }

  /**
   * Adds the words of `bucket` one edit away from `word`. A plain word (one code unit a letter) is compared
   * only with the words one edit could make of it: those that keep its first letter, or its second in its
   * place, or have either moved by one; so four short lists instead of every word of the length.
   */
  private oneEditAwayIn(bucket: LengthBucket, word: string, plain: boolean, found: Set<number>): void {
    // Both words plain: compared code unit by code unit; otherwise letter by letter.
    const check = (number: number, bothPlain: boolean) => {
      if (found.has(number)) return
      const other = this.words[number] as string
      if (bothPlain ? oneEditApartIn(word, other) : oneEditApart(word, other)) found.add(number)
    }
    for (const number of bucket.astral) check(number, false)
    if (plain) {
      const [first, second] = [word.charCodeAt(0), word.charCodeAt(1)]
      for (const list of [
        bucket.byFirst.get(first),
        bucket.bySecond.get(second),
        bucket.byFirst.get(second),
        bucket.bySecond.get(first),
      ])
        for (const number of list ?? []) check(number, true)
      return
    }
    for (const lists of [bucket.byFirst, bucket.bySecond])
      for (const list of lists.values()) for (const number of list) check(number, false)
  }

  private firstAtLeast(word: string): number {
    let low = 0
    let high = this.words.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.words[middle] as string) < word) low = middle + 1
      else high = middle
    }
    return low
  }

  private completionsOf(prefix: string): number[] {
    const completions: number[] = []
    for (let number = this.firstAtLeast(prefix); number < this.words.length; number++) {
      const word = this.words[number] as string
      if (!word.startsWith(prefix)) break
      if (word !== prefix) completions.push(number)
    }
    if (completions.length <= MOST_COMPLETIONS) return completions
    const frequency = (number: number) =>
      (this.offsets[number + 1] as number) - (this.offsets[number] as number)
    // Already in code-unit order, which a stable sort keeps among equally frequent words.
    return completions.sort((a, b) => frequency(b) - frequency(a)).slice(0, MOST_COMPLETIONS)
  }
}

/** Documents (or words) handled between two yields of a build in steps: a few milliseconds of work. */
export const STEP_SIZE = 5_000

/**
 * The words of one length in letters, for the search of words one edit away: those of one code unit a letter
 * by their first and by their second code unit (each in both), the others (letters beyond the Basic
 * Multilingual Plane) apart.
 */
interface LengthBucket {
  byFirst: Map<number, number[]>
  bySecond: Map<number, number[]>
  astral: number[]
}

function listIn(lists: Map<number, number[]>, key: number): number[] {
  let list = lists.get(key)
  if (!list) {
    list = []
    lists.set(key, list)
  }
  return list
}
