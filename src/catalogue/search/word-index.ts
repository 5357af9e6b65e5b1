import { lettersIn, oneEditApart, oneEditApartIn } from './one-edit'

/** A word being typed is read as a prefix from this many letters (contract §13). */
export const PREFIX_FROM_LETTERS = 2
/** A word of this many letters or more matches words one edit away (contract §13). */
export const TYPO_FROM_LETTERS = 4
/** A prefix stands for at most this many of its completions, the most frequent (contract §13). */
export const MOST_COMPLETIONS = 50

/**
 * The words of a set of documents (each a list of folded words, §13's tokenizer) and, for each word, the
 * documents holding it: what every engine reads to find which words a query's word matches.
 */
export class WordIndex {
  private constructor(
    private readonly postings: Map<string, Int32Array>,
    /** Every distinct word, in code-unit order (a prefix's completions are a run of it). */
    private readonly sorted: string[],
    /** Distinct words by their length in letters (a word one edit away is at most one letter longer or shorter). */
    private readonly byLength: Map<number, string[]>,
  ) {}

  /** The index of `documents`, made in one go. */
  static of(documents: readonly (readonly string[])[]): WordIndex {
    return finish(WordIndex.inSteps(documents))
  }

  /** The index of `documents`, made a slice at a time: the generator yields after each STEP_SIZE documents. */
  static *inSteps(documents: readonly (readonly string[])[]): Generator<void, WordIndex> {
    const lists = new Map<string, number[]>()
    for (let document = 0; document < documents.length; document++) {
      for (const word of documents[document] as readonly string[]) {
        const list = lists.get(word)
        if (list === undefined) lists.set(word, [document])
        else if (list[list.length - 1] !== document) list.push(document)
      }
      if (document % STEP_SIZE === STEP_SIZE - 1) yield
    }
    const postings = new Map<string, Int32Array>()
    const byLength = new Map<number, string[]>()
    let done = 0
    for (const [word, list] of lists) {
      postings.set(word, Int32Array.from(list))
      const length = lettersIn(word)
      const same = byLength.get(length)
      if (same) same.push(word)
      else byLength.set(length, [word])
      if (++done % STEP_SIZE === 0) yield
    }
    // The default order is code-unit order.
    const sorted = [...lists.keys()].sort()
    return new WordIndex(postings, sorted, byLength)
  }

  /** The documents holding `word`, ascending. */
  documentsOf(word: string): Int32Array {
    return this.postings.get(word) ?? EMPTY
  }

  /**
   * The indexed words a query's word matches (§13): itself, first, when indexed; as the query's last word, its
   * MOST_COMPLETIONS most frequent completions from PREFIX_FROM_LETTERS letters (ties in code-unit order); and
   * from TYPO_FROM_LETTERS letters, every word one edit away. Each word once.
   */
  matchesOf(word: string, last: boolean): string[] {
    const found = new Set<string>()
    if (this.postings.has(word)) found.add(word)
    const letters = lettersIn(word)
    if (last && letters >= PREFIX_FROM_LETTERS) {
      for (const completion of this.completionsOf(word)) found.add(completion)
    }
    if (letters >= TYPO_FROM_LETTERS) {
      const plain = letters === word.length
      for (let length = letters - 1; length <= letters + 1; length++) {
        for (const other of this.byLength.get(length) ?? []) {
          if (plain && other.length === length) {
            if (mayBeOneEditApart(word, other) && oneEditApartIn(word, other)) found.add(other)
          } else if (oneEditApart(word, other)) found.add(other)
        }
      }
    }
    return [...found]
  }

  private completionsOf(prefix: string): string[] {
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.sorted[middle] as string) < prefix) low = middle + 1
      else high = middle
    }
    const completions: string[] = []
    for (let index = low; index < this.sorted.length; index++) {
      const word = this.sorted[index] as string
      if (!word.startsWith(prefix)) break
      if (word !== prefix) completions.push(word)
    }
    if (completions.length <= MOST_COMPLETIONS) return completions
    const frequency = (word: string) => this.documentsOf(word).length
    // Already in code-unit order, which a stable sort keeps among equally frequent words.
    return completions.sort((a, b) => frequency(b) - frequency(a)).slice(0, MOST_COMPLETIONS)
  }
}

const EMPTY = new Int32Array(0)

/** Documents (or words) handled between two yields of a build in steps: a few milliseconds of work. */
export const STEP_SIZE = 5_000

/** Runs a build in steps to its end at once. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Runs a build in steps, letting other work run between steps (`pause`: the next turn of the event loop). */
export async function finishInTurns<T>(
  steps: Generator<void, T>,
  pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
): Promise<T> {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await pause()
  }
}

/**
 * False when two words of one code unit a letter cannot be one edit apart: one edit keeps the first letter,
 * or the second in its place, or shifts one of them by one. Most words fail this at once.
 */
function mayBeOneEditApart(a: string, b: string): boolean {
  const [a0, a1, b0, b1] = [a.charCodeAt(0), a.charCodeAt(1), b.charCodeAt(0), b.charCodeAt(1)]
  return a0 === b0 || a1 === b1 || a0 === b1 || a1 === b0
}
