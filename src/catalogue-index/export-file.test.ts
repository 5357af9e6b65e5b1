import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { locations } from '../catalogue'
import { exportFileName, neutraliseCell, toCsv, toJson } from './export-file'

const record = (id: number, name: string, residents: string[] = []) => ({
  id,
  name,
  type: 'Planet',
  dimension: 'C-137',
  residents,
  url: `https://api.example/v1/locations/${id}`,
  created: '2017-11-10T12:42:04.162Z',
})

describe('CSV export', () => {
  it('has a header row, one CRLF row per record, and character addresses as ;-joined ids', () => {
    const csv = toCsv([
      record(1, 'Earth', ['https://api.example/v1/characters/38', 'https://api.example/v1/characters/45']),
      record(2, 'Abadango'),
    ])
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('id,name,type,dimension,residents,url,created')
    expect(lines[1]).toBe(
      '1,Earth,Planet,C-137,38;45,https://api.example/v1/locations/1,2017-11-10T12:42:04.162Z',
    )
    expect(lines).toHaveLength(3)
  })

  it('quotes commas, quotes and line breaks per RFC 4180, and reads back to the same text', () => {
    const name = 'Citadel, "of" Ricks\nand Mortys — ñ'
    const csv = toCsv([record(3, name)])
    expect(csv).toContain('"Citadel, ""of"" Ricks\nand Mortys — ñ"')
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true })
    expect(parsed.data[0]?.name).toBe(name)
  })

  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])('neutralises a cell beginning %j', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`)
    const csv = toCsv([record(4, text)])
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true })
    expect(parsed.data[0]?.name).toBe(`'${text}`)
  })

  it('leaves other cells as they are', () => {
    expect(neutraliseCell('Earth (C-137)')).toBe('Earth (C-137)')
  })
})

describe('JSON export', () => {
  it('is the records exactly as the API returns them', () => {
    const records = [record(1, 'Earth', ['https://api.example/v1/characters/1'])]
    expect(JSON.parse(toJson(records))).toEqual(records)
  })
})

describe('export file name', () => {
  const day = new Date('2026-11-23T10:00:00Z')
  it('says the collection, the filters in the contract order, and the date', () => {
    expect(exportFileName(locations, { dimension: ' C-137 ', type: 'Planet' }, 'csv', day)).toBe(
      'locations-type-planet-dimension-c-137-2026-11-23.csv',
    )
    expect(exportFileName(locations, {}, 'json', day)).toBe('locations-2026-11-23.json')
  })
  it('keeps no character a file system refuses', () => {
    expect(exportFileName(locations, { name: '../a/b:c*?' }, 'csv', day)).toBe(
      'locations-name-a-b-c-2026-11-23.csv',
    )
  })
})
