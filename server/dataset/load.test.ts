import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COLLECTIONS, joinWithAnd } from '../../src/catalogue'
import { DEFAULT_DATASET_PATH } from '../config'
import { DATASET_REFUSALS, type DatasetChange } from '../test/dataset-refusals'
import { DatasetError, loadDataset, validateDataset } from './load'

const shipped = loadDataset(DEFAULT_DATASET_PATH)
const directory = mkdtempSync(join(tmpdir(), 'catalogue-dataset-'))

function refusal(change: DatasetChange): string {
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

  it.each(DATASET_REFUSALS)(
    'refuses %s, naming the collection, the record and the field',
    (_label, change, message) => {
      expect(refusal(change)).toBe(`Dataset /data/x.json: ${message}`)
    },
  )

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
      new RegExp(`^Dataset ${huge} is too large: it has 600 MB, and a dataset may have at most \\d+ MB\\.`),
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
