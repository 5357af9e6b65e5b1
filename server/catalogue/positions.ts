/**
 * The positions a filter matched (ascending), as the filter cache keeps them: a list of 4-byte positions when
 * few records match, or one bit per record of the collection when many do (a filter of one letter matches most
 * of a million records: one bit a record instead of 32 for each match), whichever is smaller. Either way a
 * page of them is read in a few microseconds.
 */
export interface PositionSet {
  /** How many positions (the filter's count). */
  readonly length: number
  /** The memory it holds, for the cache's budget. */
  readonly byteLength: number
  /** The positions from the `start`th up to the `end - 1`th, ascending. */
  slice(start: number, end: number): Int32Array
}

class ListedPositions implements PositionSet {
  constructor(private readonly list: Int32Array) {}

  get length(): number {
    return this.list.length
  }

  get byteLength(): number {
    return this.list.byteLength
  }

  slice(start: number, end: number): Int32Array {
    return this.list.slice(start, end)
  }
}

/** Bits per block of the rank index: the set bits before each block are counted once, here. */
const BLOCK_WORDS = 16

class MarkedPositions implements PositionSet {
  /** Bit `p` set when position `p` matched. */
  private readonly bits: Uint32Array
  /** Set bits before each block of BLOCK_WORDS words. */
  private readonly ranks: Int32Array

  constructor(
    list: Int32Array,
    total: number,
    readonly length = list.length,
  ) {
    this.bits = new Uint32Array(Math.ceil(total / 32))
    for (const position of list)
      this.bits[position >>> 5] = (this.bits[position >>> 5] as number) | (1 << (position & 31))
    this.ranks = new Int32Array(Math.ceil(this.bits.length / BLOCK_WORDS) + 1)
    let count = 0
    for (let word = 0; word < this.bits.length; word++) {
      if (word % BLOCK_WORDS === 0) this.ranks[word / BLOCK_WORDS] = count
      count += bitCount(this.bits[word] as number)
    }
    this.ranks[this.ranks.length - 1] = count
  }

  get byteLength(): number {
    return this.bits.byteLength + this.ranks.byteLength
  }

  slice(start: number, end: number): Int32Array {
    const last = Math.min(end, this.length)
    if (start >= last) return new Int32Array(0)
    const found = new Int32Array(last - start)
    // The last block whose count before it is at most `start`, then bit by bit.
    let low = 0
    let high = this.ranks.length - 2
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((this.ranks[middle] as number) <= start) low = middle
      else high = middle - 1
    }
    let seen = this.ranks[low] as number
    let at = 0
    for (let word = low * BLOCK_WORDS; word < this.bits.length && at < found.length; word++) {
      let bits = this.bits[word] as number
      const inWord = bitCount(bits)
      if (seen + inWord <= start) {
        seen += inWord
        continue
      }
      while (bits !== 0 && at < found.length) {
        const lowest = bits & -bits
        if (seen >= start) found[at++] = word * 32 + (31 - Math.clz32(lowest))
        seen++
        bits ^= lowest
      }
    }
    return found
  }
}

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** The smaller form of `list` (ascending positions below `total`, the collection's size). */
export function positionSet(list: Int32Array, total: number): PositionSet {
  const bitsBytes = Math.ceil(total / 32) * 4 * (1 + 1 / BLOCK_WORDS)
  return list.byteLength > bitsBytes ? new MarkedPositions(list, total) : new ListedPositions(list)
}
