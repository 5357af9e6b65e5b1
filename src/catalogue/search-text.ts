/**
 * The catalogue's search text (contract §13): one fold and one tokenizer, used by every engine that searches
 * it (the explorer's index, and the service's stores), so that each finds the same words in the same text.
 * Kept apart from `./index.ts`, so that the first page's code does not carry it.
 */

/** Letters that no accent stripping makes plain, as the contract spells them (after lower case). */
const LETTERS: Readonly<Record<string, string>> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  þ: 'th',
}
const LETTER = /[æœßøłđþ]/g
const MARKS = /\p{M}/gu
/** Words are split on separators (spaces) and punctuation: `C-137` is `c` and `137`. */
const BETWEEN_WORDS = /[\p{Z}\p{P}]+/u

/**
 * Text as search compares it: compatibility decomposition (NFKD: `ﬁ` is `fi`, full-width letters are plain),
 * marks stripped, lower case, then the letters above: `Café Müller` → `cafe muller`, `Straße` → `strasse`.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
}

/** The words search finds in a text: its fold, split between words, empty pieces dropped. */
export function searchWords(text: string): string[] {
  return foldSearchText(text)
    .split(BETWEEN_WORDS)
    .filter((word) => word !== '')
}
