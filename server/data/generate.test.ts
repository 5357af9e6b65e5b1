import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DATASET_PATH } from '../config'
import { validateDataset } from '../dataset/load'
import { formatDataset, generateDataset, SHIPPED_OPTIONS } from './generate'

describe('dataset generator', () => {
  it('reproduces the shipped dataset exactly (deterministic)', () => {
    expect(formatDataset(generateDataset(SHIPPED_OPTIONS))).toBe(readFileSync(DEFAULT_DATASET_PATH, 'utf8'))
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

describe('npm run generate:data', () => {
  it('prints its usage and exits 0 with --help', { timeout: 60_000 }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/data/generate.ts', '--help'], {
      encoding: 'utf8',
    })
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^Usage: npm run generate:data -- \[options\]/)
    expect(result.stdout).toContain('--locations <n>')
  })
})
