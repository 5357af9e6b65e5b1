import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { validateDataset } from '../dataset/load'
import { formatDataset, generateDataset, SHIPPED_DATASET_PATH } from './generate'

describe('dataset generator', () => {
  it('reproduces the shipped dataset exactly (deterministic)', () => {
    const generated = formatDataset(generateDataset({ locations: 126, episodes: 51, seed: 20131202 }))
    expect(generated).toBe(readFileSync(SHIPPED_DATASET_PATH, 'utf8'))
  })

  it('makes larger valid datasets on demand, with names that exercise the filters', () => {
    const dataset = generateDataset({ locations: 3000, episodes: 400, seed: 7 })
    const valid = validateDataset(JSON.parse(formatDataset(dataset)), 'generated')
    expect(valid.locations.length).toBe(3000)
    expect(valid.episodes.length).toBe(400)
    const names = dataset.locations.map((location) => location.name).join('\n')
    for (const character of ['(', ')', '.', '*', '%', '+', '&', '#', 'é', 'ü', 'Ñ'])
      expect(names).toContain(character)
    expect(dataset.locations.some((location) => location.type === '')).toBe(true)
    expect(dataset.locations.some((location) => location.dimension === '')).toBe(true)
  })
})
