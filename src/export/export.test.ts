import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { type Episode, episodes, type Location, locations } from '../catalogue'
import { csvColumns, csvHeader, csvRows, recordsToCsv } from './csv'
import { JSON_ARRAY_START, jsonArrayEnd, jsonItems, recordsToJson } from './json'

const BASE = 'https://catalogue.test'
const location = (id: number, name: string, residents: number[] = [4, 17]): Location => ({
  id,
  name,
  type: 'Planet',
  dimension: 'Dimension C-137',
  residents: residents.map((character) => `${BASE}/v1/characters/${character}`),
  url: `${BASE}/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})

/** The cells as a CSV reader sees them. */
function parse(csv: string): string[][] {
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed.data
}

describe('CSV export', () => {
  it('writes a header row with the API fields in order, one row per record, character ids joined with ;', () => {
    const csv = recordsToCsv(locations, [location(1, 'Harbor Nine'), location(2, 'Empty', [])])
    expect(csv.startsWith('\uFEFFid,name,type,dimension,residents,url,created\r\n')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv.split('\r\n')).toHaveLength(4)
    expect(parse(csv)).toEqual([
      ['id', 'name', 'type', 'dimension', 'residents', 'url', 'created'],
      [
        '1',
        'Harbor Nine',
        'Planet',
        'Dimension C-137',
        '4;17',
        `${BASE}/v1/locations/1`,
        '2017-11-10T12:42:04.162Z',
      ],
      ['2', 'Empty', 'Planet', 'Dimension C-137', '', `${BASE}/v1/locations/2`, '2017-11-10T12:42:04.162Z'],
    ])
  })

  it('quotes commas, quotes and line breaks (RFC 4180) and keeps every character of UTF-8 text', () => {
    const names = ['Salt, Pepper', 'The "Quiet" Moon', 'Two\r\nLines', 'Zürich Ñandú 東京 Ζeta']
    const csv = recordsToCsv(
      locations,
      names.map((name, index) => location(index + 1, name)),
    )
    expect(csv).toContain('"Salt, Pepper"')
    expect(csv).toContain('"The ""Quiet"" Moon"')
    expect(
      parse(csv)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(names)
  })

  it('neutralises cells a spreadsheet would run as a formula (OWASP), line breaks included', () => {
    const dangerous = [
      '=HYPERLINK("http://evil.test","x")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      '\tTab',
      '\rReturn',
      '=1\n+2',
    ]
    const csv = recordsToCsv(
      locations,
      [...dangerous, 'Harmless = fine', 'Plus+Minus'].map((name, index) => location(index + 1, name)),
    )
    const cells = parse(csv)
      .slice(1)
      .map((row) => row[1])
    expect(cells).toEqual([...dangerous.map((name) => `'${name}`), 'Harmless = fine', 'Plus+Minus'])
    // Numbers are numbers, not text to neutralise.
    expect(parse(csv)[1]?.[0]).toBe('1')
  })

  it('neutralises a formula behind a separator, spaces, line feeds, zero-width characters or a full-width sign', () => {
    const dangerous = [
      ';=1+1',
      ' =1+1',
      '\n=1+1',
      ' \n @SUM(A1)',
      '＝1+1',
      '＋1',
      '－1',
      '＠A1',
      '\u200B=1+1',
      '\uFEFF+1',
      '\u2060-1',
    ]
    const harmless = [
      '(Parenthesis)',
      '#42',
      '.hidden',
      '!Bang',
      '  Spaced',
      '\nLine',
      '"Quoted"',
      '\u200BZero',
    ]
    const csv = recordsToCsv(
      locations,
      [...dangerous, ...harmless].map((name, index) => location(index + 1, name)),
    )
    const cells = parse(csv)
      .slice(1)
      .map((row) => row[1])
    expect(cells).toEqual([...dangerous.map((name) => `'${name}`), ...harmless])
  })

  it('follows each collection’s own fields, and keeps an address that names no character whole', () => {
    const episode: Episode = {
      id: 7,
      name: 'Pilot',
      air_date: 'December 2, 2013',
      episode: 'S01E01',
      characters: [`${BASE}/v1/characters/1`, 'https://elsewhere.test/people/rick'],
      url: `${BASE}/v1/episodes/7`,
      created: '2017-11-10T12:56:33.798Z',
    }
    expect(parse(recordsToCsv(episodes, [episode]))).toEqual([
      ['id', 'name', 'air_date', 'episode', 'characters', 'url', 'created'],
      [
        '7',
        'Pilot',
        'December 2, 2013',
        'S01E01',
        '1;https://elsewhere.test/people/rick',
        episode.url,
        episode.created,
      ],
    ])
  })

  it('writes a view’s columns alone, in the view’s order', () => {
    const csv = recordsToCsv(locations, [location(3, 'Earth', [1, 2])], ['residents', 'name', 'id'])
    expect(Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data).toEqual([
      ['residents', 'name', 'id'],
      ['1;2', 'Earth', '3'],
    ])
  })

  it('writes the header alone for an empty list', () => {
    expect(recordsToCsv(episodes, [])).toBe('\uFEFFid,name,air_date,episode,characters,url,created\r\n')
  })

  it('written in chunks (a stream: the header, then rows a chunk at a time), is the same file', () => {
    const records = ['=1+1', 'Salt, Pepper', 'Two\nLines', 'Zürich', '-3', 'Plain'].map((name, index) =>
      location(index + 1, name, [index]),
    )
    for (const fields of [undefined, ['name', 'residents', 'id']]) {
      const columns = fields ?? csvColumns(locations)
      const chunks = [records.slice(0, 1), [], records.slice(1, 4), records.slice(4)]
      const streamed = csvHeader(columns) + chunks.map((chunk) => csvRows(locations, chunk, columns)).join('')
      expect(streamed).toBe(recordsToCsv(locations, records, fields))
    }
    expect(csvHeader(csvColumns(episodes))).toBe(recordsToCsv(episodes, []))
  })
})

describe('JSON export', () => {
  it('holds the records exactly as the API returns them', () => {
    const records = [location(1, 'Café "Müller"'), location(9, '=cmd')]
    const json = recordsToJson(records)
    expect(JSON.parse(json)).toEqual(records)
    expect(Object.keys(JSON.parse(json)[0])).toEqual(Object.keys(records[0] as Location))
    expect(json).toContain('"name": "=cmd"')
    expect(recordsToJson([])).toBe('[]\n')
  })

  it('written in chunks (a stream), is the same file', () => {
    const records = [location(1, 'Café "Müller"'), location(2, 'Two\nLines', []), location(3, '=cmd')]
    for (const fields of [undefined, ['name', 'id']]) {
      const chunks = [records.slice(0, 2), records.slice(2)]
      const streamed =
        JSON_ARRAY_START + chunks.map((chunk, index) => jsonItems(chunk, index === 0, fields)).join('')
      expect(streamed + jsonArrayEnd(false)).toBe(recordsToJson(records, fields))
    }
    expect(JSON_ARRAY_START + jsonArrayEnd(true)).toBe(recordsToJson([]))
  })

  it('holds a view’s fields alone, in the view’s order', () => {
    const json = recordsToJson([location(3, 'Earth', [1])], ['name', 'id'])
    expect(json).toBe('[\n  {\n    "name": "Earth",\n    "id": 3\n  }\n]\n')
  })
})
