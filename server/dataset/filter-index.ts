import { foldCase } from '../../src/catalogue'

/** Joins distinct folded values; no field value can match across it unless the needle holds it too. */
const SEPARATOR = '\u0000'
/** Above this many distinct values a trigram index narrows the search to a few candidates. */
const TRIGRAM_THRESHOLD = 2000
const GRAM = 3

/**
 * One filterable field of a collection, prepared once so that a filter over 100,000 records costs about a
 * millisecond: the distinct values, case-folded (the contract's `foldCase`), are joined into one string that
 * a single native `indexOf` scan searches; each record points at its distinct value.
 *
 * The rule is the contract's `filterMatches`: the folded field contains the folded, trimmed value.
 */
export class FieldIndex {
  private readonly foldedValues: string[]
  private readonly haystack: string
  /** Offset of each distinct value in the haystack, plus the haystack length at the end. */
  private readonly starts: Int32Array
  /** For each record (in store order), the index of its distinct value. */
  readonly valueOfRecord: Int32Array
  /** For each trigram, the distinct values (ascending) that hold it; null for fields with few values. */
  private readonly trigrams: Map<string, Int32Array> | null

  constructor(values: readonly string[]) {
    const distinct = new Map<string, number>()
    this.valueOfRecord = new Int32Array(values.length)
    this.foldedValues = []
    for (let record = 0; record < values.length; record++) {
      const folded = foldCase(values[record] as string)
      let index = distinct.get(folded)
      if (index === undefined) {
        index = this.foldedValues.length
        distinct.set(folded, index)
        this.foldedValues.push(folded)
      }
      this.valueOfRecord[record] = index
    }
    this.haystack = this.foldedValues.join(SEPARATOR)
    this.starts = new Int32Array(this.foldedValues.length + 1)
    let offset = 0
    for (let index = 0; index < this.foldedValues.length; index++) {
      this.starts[index] = offset
      offset += (this.foldedValues[index] as string).length + SEPARATOR.length
    }
    this.starts[this.foldedValues.length] = offset
    this.trigrams = this.foldedValues.length > TRIGRAM_THRESHOLD ? buildTrigrams(this.foldedValues) : null
  }

  /** Marks (1) every distinct value that contains `foldedNeedle`, a non-empty folded value. */
  matchingValues(foldedNeedle: string): Uint8Array {
    const matches = new Uint8Array(this.foldedValues.length)
    if (this.trigrams && foldedNeedle.length >= GRAM) {
      for (const value of this.candidates(this.trigrams, foldedNeedle)) {
        if ((this.foldedValues[value] as string).includes(foldedNeedle)) matches[value] = 1
      }
      return matches
    }
    if (foldedNeedle.includes(SEPARATOR)) {
      for (let index = 0; index < this.foldedValues.length; index++) {
        if ((this.foldedValues[index] as string).includes(foldedNeedle)) matches[index] = 1
      }
      return matches
    }
    let value = 0
    let position = this.haystack.indexOf(foldedNeedle)
    while (position !== -1) {
      value = this.valueAt(position, value)
      matches[value] = 1
      position = this.haystack.indexOf(foldedNeedle, this.starts[value + 1])
    }
    return matches
  }

  /** The values holding the needle's rarest trigram: every value containing the needle is among them. */
  private candidates(trigrams: Map<string, Int32Array>, needle: string): Int32Array {
    let rarest: Int32Array | undefined
    for (let start = 0; start + GRAM <= needle.length; start++) {
      const values = trigrams.get(needle.slice(start, start + GRAM))
      if (!values) return EMPTY
      if (!rarest || values.length < rarest.length) rarest = values
    }
    return rarest ?? EMPTY
  }

  /** The distinct value whose text holds `position`, searching upwards from `from`. */
  private valueAt(position: number, from: number): number {
    let low = from
    let high = this.foldedValues.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((this.starts[middle] as number) <= position) low = middle
      else high = middle - 1
    }
    return low
  }
}

const EMPTY = new Int32Array(0)

/** Posting lists of trigrams, built in two passes (count, then fill) to keep the memory peak low. */
function buildTrigrams(values: readonly string[]): Map<string, Int32Array> {
  const counts = new Map<string, number>()
  const lastValue = new Map<string, number>()
  const eachGram = (visit: (gram: string, index: number) => void) => {
    for (let index = 0; index < values.length; index++) {
      const value = values[index] as string
      for (let start = 0; start + GRAM <= value.length; start++)
        visit(value.slice(start, start + GRAM), index)
    }
  }
  eachGram((gram, index) => {
    if (lastValue.get(gram) === index) return
    lastValue.set(gram, index)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  })
  const trigrams = new Map<string, Int32Array>()
  const filled = new Map<string, number>()
  for (const [gram, count] of counts) {
    trigrams.set(gram, new Int32Array(count))
    filled.set(gram, 0)
  }
  lastValue.clear()
  eachGram((gram, index) => {
    if (lastValue.get(gram) === index) return
    lastValue.set(gram, index)
    const position = filled.get(gram) as number
    ;(trigrams.get(gram) as Int32Array)[position] = index
    filled.set(gram, position + 1)
  })
  return trigrams
}
