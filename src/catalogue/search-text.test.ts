import { describe, expect, it } from 'vitest'
import { foldSearchText, searchWords } from './search-text'

describe('the search text of contract §13', () => {
  it.each([
    ['Café Müller', 'cafe muller'],
    ['ZÜRICH', 'zurich'],
    ['Æsir', 'aesir'],
    ['Œuvre', 'oeuvre'],
    ['Große Straße', 'grosse strasse'],
    ['Øresund', 'oresund'],
    ['Łódź', 'lodz'],
    ['Đakovo', 'dakovo'],
    ['Þórr', 'thorr'],
    ['ﬁnal ﬂight', 'final flight'],
    ['ＡＢＣ１２', 'abc12'],
  ])('folds "%s" to "%s"', (text, folded) => {
    expect(foldSearchText(text)).toBe(folded)
  })

  it('splits words on spaces and punctuation, never leaving an empty word', () => {
    expect(searchWords('Dimension C-137')).toEqual(['dimension', 'c', '137'])
    expect(searchWords('  “Rick’s”  place… (again)!  ')).toEqual(['rick', 's', 'place', 'again'])
    expect(searchWords('a\u00a0b\u2003c')).toEqual(['a', 'b', 'c'])
    expect(searchWords('')).toEqual([])
    expect(searchWords('--- ...')).toEqual([])
  })
})
