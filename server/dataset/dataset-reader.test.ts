import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COLLECTIONS, type DatasetRecord } from '../../src/catalogue'
import { DEFAULT_DATASET_PATH } from '../config'
import { DATASET_REFUSALS } from '../test/dataset-refusals'
import { type StreamedDataset, streamDataset } from './dataset-reader'
import { loadDataset } from './load'

const shipped = loadDataset(DEFAULT_DATASET_PATH)
const directory = mkdtempSync(join(tmpdir(), 'catalogue-stream-'))
let files = 0

function fileWith(content: string | Buffer): string {
  const file = join(directory, `dataset-${++files}.json`)
  writeFileSync(file, content)
  return file
}

/** Streams a file, gathering every record the sink is handed, by collection, with its index in the file. */
async function streamed(file: string) {
  const records: Record<string, { index: number; record: DatasetRecord }[]> = {}
  const result: StreamedDataset = await streamDataset(file, COLLECTIONS, {
    begin: (collection) => {
      records[collection.name] = []
    },
    records: (collection, batch, first) => {
      for (const [offset, record] of batch.entries())
        records[collection.name]?.push({ index: first + offset, record })
    },
    end: () => {},
  })
  return { records, result }
}

async function refusal(file: string): Promise<string> {
  try {
    await streamed(file)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the dataset was accepted')
}

describe('streaming a dataset file', () => {
  it('hands over every record of the shipped dataset, in the file’s order, and says it is in id order', async () => {
    const { records, result } = await streamed(DEFAULT_DATASET_PATH)
    for (const { name } of COLLECTIONS) {
      expect(records[name]?.map(({ record }) => record)).toEqual(shipped[name])
      expect(records[name]?.map(({ index }) => index)).toEqual(shipped[name].map((_, index) => index))
      expect(result.counts[name]).toBe(shipped[name].length)
      expect(result.ascending.has(name)).toBe(true)
    }
  })

  it.each(DATASET_REFUSALS)('refuses %s with the file loader’s sentence', async (_label, change, message) => {
    const dataset = structuredClone(shipped) as unknown as Record<string, Record<string, unknown>[]>
    change(dataset)
    const file = fileWith(JSON.stringify(dataset))
    expect(await refusal(file)).toBe(`Dataset ${file}: ${message}`)
  })

  it('refuses a text too long as soon as it has read past its limit, never holding it whole', async () => {
    const name = 'n'.repeat(30_000_000)
    const file = fileWith(
      `{"locations":[{"id":1,"name":"${name}","type":"","dimension":"","residents":[],"created":"2017-11-10T12:42:04.162Z"}],"episodes":[]}`,
    )
    let furthest = 0
    const message = await streamDataset(
      file,
      COLLECTIONS,
      { begin() {}, records() {}, end() {} },
      ({ bytesRead }) => {
        furthest = bytesRead
      },
    ).then(
      () => 'accepted',
      (error: Error) => error.message,
    )
    expect(message).toBe(
      `Dataset ${file}: locations[0] (id 1): "name" holds more than 10,000 characters, the most a catalogue text may hold`,
    )
    expect(furthest).toBeLessThan(1_000_000)
  })

  it('refuses a field name too long, and keeps a long key or value outside the collections unread', async () => {
    const key = 'k'.repeat(25_000)
    const inRecord = fileWith(`{"locations":[{"id":4,"${key}":1}],"episodes":[]}`)
    expect(await refusal(inRecord)).toBe(
      `Dataset ${inRecord}: locations[0] (id 4): a field's name or value holds more than 10,000 characters, the most a catalogue text may hold`,
    )
    const outside = fileWith(JSON.stringify({ ...shipped, [key]: 'x', notes: { text: 'y'.repeat(30_000) } }))
    const { result } = await streamed(outside)
    expect(result.counts).toEqual({ locations: shipped.locations.length, episodes: shipped.episodes.length })
  })

  it('finds a duplicate id in a file out of id order, naming both records', async () => {
    const locations = [...shipped.locations].reverse()
    locations[40] = { ...(locations[40] as DatasetRecord & (typeof locations)[number]), id: 3 }
    const file = fileWith(JSON.stringify({ ...shipped, locations }))
    const lastIndexOf3 = locations.length - 3
    expect(await refusal(file)).toBe(
      `Dataset ${file}: locations[${lastIndexOf3}] (id 3): "id" must be unique, but locations[40] has the same id`,
    )
  })

  it('says which collections are not in id order, and skips keys that are no collection', async () => {
    const file = fileWith(
      JSON.stringify({
        comment: { nested: [1, { deep: [] }] },
        episodes: shipped.episodes,
        version: 2,
        locations: [...shipped.locations].reverse(),
      }),
    )
    const { records, result } = await streamed(file)
    expect(result.ascending.has('episodes')).toBe(true)
    expect(result.ascending.has('locations')).toBe(false)
    expect(records.locations?.map(({ record }) => record.id)).toEqual(
      [...shipped.locations].reverse().map(({ id }) => id),
    )
  })

  it('names the byte offset, line and column of a JSON syntax error, counting bytes, not characters', async () => {
    // "Café Ω" is 6 characters and 8 bytes: the offset after it must count bytes.
    const text = '{"locations": [{"name": "Café Ω"}, }'
    const file = fileWith(text)
    const byte = Buffer.byteLength(text.slice(0, text.lastIndexOf('}')))
    expect(await refusal(file)).toBe(
      `Dataset ${file} is not valid JSON: expected a value at byte ${byte} (line 1, column ${text.lastIndexOf('}') + 1}).`,
    )
  })

  it('names the byte offset of bytes that are not UTF-8, as the file loader does', async () => {
    const text = JSON.stringify({ locations: [], episodes: [] })
    const file = fileWith(
      Buffer.concat([Buffer.from(text.slice(0, 14)), Buffer.from([0xe9]), Buffer.from(text.slice(14))]),
    )
    expect(await refusal(file)).toBe(
      `Dataset ${file} is not valid UTF-8: the bytes at offset 14 do not form a character.`,
    )
  })

  it('refuses what is not a dataset, and a collection missing or given twice', async () => {
    const list = fileWith('[]')
    expect(await refusal(list)).toBe(
      `Dataset ${list}: the file must hold one JSON object with the arrays "locations" and "episodes"`,
    )
    const missing = fileWith(JSON.stringify({ locations: shipped.locations }))
    expect(await refusal(missing)).toBe(`Dataset ${missing}: "episodes" must be an array of records`)
    const twice = fileWith('{"locations": [], "episodes": [], "locations": []}')
    expect(await refusal(twice)).toBe(
      `Dataset ${twice}: "locations" is given twice; a dataset has each collection once`,
    )
  })
})
