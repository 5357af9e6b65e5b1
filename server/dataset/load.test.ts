import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COLLECTIONS, joinWithAnd } from '../../src/catalogue'
import { DEFAULT_DATASET_PATH } from '../config'
import { DatasetError, loadDataset, validateDataset } from './load'

const shipped = loadDataset(DEFAULT_DATASET_PATH)
const directory = mkdtempSync(join(tmpdir(), 'catalogue-dataset-'))

function refusal(change: (dataset: Record<string, Record<string, unknown>[]>) => void): string {
  const dataset = structuredClone(shipped) as unknown as Record<string, Record<string, unknown>[]>
  change(dataset)
  try {
    validateDataset(dataset, '/data/x.json')
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetError)
    return (error as Error).message
  }
  throw new Error('the dataset was accepted')
}

describe('loading a dataset', () => {
  it('accepts the shipped dataset, sorted by id', () => {
    expect(shipped.locations.length).toBeGreaterThanOrEqual(120)
    expect(shipped.episodes.length).toBeGreaterThanOrEqual(50)
    expect(
      new Set(shipped.episodes.map((episode) => episode.episode.slice(0, 3))).size,
    ).toBeGreaterThanOrEqual(5)
    const reversed = structuredClone(shipped)
    reversed.locations.reverse()
    expect(validateDataset(reversed, 'x').locations.map((l) => l.id)).toEqual(
      shipped.locations.map((l) => l.id),
    )
  })

  it.each([
    [
      'a resident that is not a positive integer',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.locations as Record<string, unknown>[])[3] = { ...d.locations?.[3], residents: [1, 'x'] }
      },
      'Dataset /data/x.json: locations[3] (id 4): "residents" must be an array of positive integers',
    ],
    [
      'a missing field',
      (d: Record<string, Record<string, unknown>[]>) => {
        delete d.episodes?.[5]?.air_date
      },
      'Dataset /data/x.json: episodes[5] (id 6): "air_date" is missing; it must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)',
    ],
    [
      'a duplicate id',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.locations?.[9] as Record<string, unknown>).id = 3
      },
      'Dataset /data/x.json: locations[9] (id 3): "id" must be unique, but locations[2] has the same id',
    ],
    [
      'an air date that names no real day',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.episodes?.[4] as Record<string, unknown>).air_date = 'February 30, 2014'
      },
      'Dataset /data/x.json: episodes[4] (id 5): "air_date" must be a real date such as "December 2, 2013" (English month, day, comma, four-digit year)',
    ],
    [
      'a bad episode code',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.episodes?.[0] as Record<string, unknown>).episode = 'S1E1'
      },
      'Dataset /data/x.json: episodes[0] (id 1): "episode" must be an episode code such as "S01E11"',
    ],
    [
      'a time without milliseconds',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.episodes?.[2] as Record<string, unknown>).created = '2017-11-10T12:42:04Z'
      },
      'Dataset /data/x.json: episodes[2] (id 3): "created" must be an ISO 8601 UTC time with milliseconds, such as "2017-11-10T12:42:04.162Z"',
    ],
    [
      'an id of zero',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.locations?.[0] as Record<string, unknown>).id = 0
      },
      'Dataset /data/x.json: locations[0] (id 0): "id" must be a positive whole number',
    ],
    [
      'a record that is not an object',
      (d: Record<string, Record<string, unknown>[]>) => {
        ;(d.locations as unknown[])[2] = 5
      },
      'Dataset /data/x.json: locations[2] must be an object',
    ],
    [
      'a collection that is not an array',
      (d: Record<string, unknown>) => {
        d.episodes = {}
      },
      'Dataset /data/x.json: "episodes" must be an array of records',
    ],
  ])('refuses %s, naming the collection, the record and the field', (_label, change, message) => {
    expect(refusal(change as (d: Record<string, Record<string, unknown>[]>) => void)).toBe(message)
  })

  it('allows empty type and dimension', () => {
    expect(() =>
      refusal((d) => {
        ;(d.locations?.[0] as Record<string, unknown>).type = ''
        ;(d.locations?.[0] as Record<string, unknown>).dimension = ''
      }),
    ).toThrow('the dataset was accepted')
  })

  it('refuses a file that is not JSON, or cannot be read, with one clear message', () => {
    const broken = join(directory, 'broken.json')
    writeFileSync(broken, '{"locations": [')
    expect(() => loadDataset(broken)).toThrow(new RegExp(`^Dataset ${broken} is not valid JSON: `))
    expect(() => loadDataset(join(directory, 'missing.json'))).toThrow(
      `Dataset ${join(directory, 'missing.json')} cannot be read: the file does not exist.`,
    )
    writeFileSync(broken, '[]')
    expect(() => loadDataset(broken)).toThrow(
      `Dataset ${broken}: the file must hold one JSON object with the arrays ${joinWithAnd(COLLECTIONS.map(({ name }) => `"${name}"`))}`,
    )
  })

  it('refuses a file too large to read, saying so and naming the limit', () => {
    const huge = join(directory, 'huge.json')
    // A sparse file: 600 MB on paper, nothing on disk.
    writeFileSync(huge, '')
    truncateSync(huge, 600 * 1024 * 1024)
    expect(() => loadDataset(huge)).toThrow(
      new RegExp(
        `^Dataset ${huge} is too large: it has 600 MB, and a dataset may have at most \\d+ MB \\(CATALOGUE_DATA_MAX_MB raises the limit\\)\\.`,
      ),
    )
  })

  it('refuses invalid UTF-8 instead of replacing it, naming the byte offset', () => {
    const file = join(directory, 'latin1.json')
    const text = JSON.stringify({ locations: [], episodes: [] })
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(text.slice(0, 14)), Buffer.from([0xe9]), Buffer.from(text.slice(14))]),
    )
    expect(() => loadDataset(file)).toThrow(
      `Dataset ${file} is not valid UTF-8: the bytes at offset 14 do not form a character.`,
    )
  })
})
