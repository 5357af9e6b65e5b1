const SURROGATE = /[\uD800-\uDFFF]/

/**
 * Whether two different words are one Levenshtein edit apart (a letter inserted, deleted or replaced; a swap
 * of two letters is two edits), counting letters as code points (contract §13).
 */
export function oneEditApart(a: string, b: string): boolean {
  if (SURROGATE.test(a) || SURROGATE.test(b)) return oneEditApartIn(Array.from(a), Array.from(b))
  return oneEditApartIn(a, b)
}

/** oneEditApart for words known to hold no letter beyond the Basic Multilingual Plane (one code unit a letter). */
export function oneEditApartIn(a: ArrayLike<string> | string, b: ArrayLike<string> | string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (long.length - short.length > 1) return false
  let start = 0
  while (start < short.length && short[start] === long[start]) start++
  if (start === short.length) return long.length === short.length + 1
  // The first difference is the edit: the rest must be equal after it.
  const skip = long.length === short.length ? 1 : 0
  for (let index = start + skip, other = start + 1; index < short.length; index++, other++) {
    if (short[index] !== long[other]) return false
  }
  return true
}

/** A word's length in letters (code points), as §13's "from 2 letters" and "of 4 letters or more" count. */
export const lettersIn = (word: string): number =>
  SURROGATE.test(word) ? Array.from(word).length : word.length
