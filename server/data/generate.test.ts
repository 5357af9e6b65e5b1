import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseAirDate } from '../../src/catalogue/air-date'
import { parseEpisodeCode } from '../../src/catalogue/episode-code'
import { DEFAULT_DATASET_PATH } from '../config'
import { validateDataset } from '../dataset/load'
import { datasetRecords, formatDataset, generateDataset, MAX_EPISODES, SHIPPED_OPTIONS } from './generate'

describe('dataset generator', { timeout: 60_000 }, () => {
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

describe('generated catalogues are plausible at every size', { timeout: 120_000 }, () => {
  const sizes = [60, 400, 3000, MAX_EPISODES]
  const seasonsOf = (episodes: number) =>
    generateDataset({ locations: 0, episodes, seed: 7 }).episodes.map((episode) => ({
      ...(parseEpisodeCode(episode.episode) ?? { season: 0, episode: 0 }),
      aired: parseAirDate(episode.air_date)?.getTime() ?? Number.NaN,
    }))

  for (const size of sizes) {
    it(`${size.toLocaleString('en')} episodes: seasons in order, codes unique, air dates in order within 1950–2025`, () => {
      const episodes = seasonsOf(size)
      // Each season follows the last, and its episodes count from 1: no season 0, no wrap after S99.
      let previous = { season: 1, episode: 0 }
      for (const episode of episodes) {
        const next =
          episode.season === previous.season
            ? { season: previous.season, episode: previous.episode + 1 }
            : { season: previous.season + 1, episode: 1 }
        expect(episode).toMatchObject(next)
        previous = episode
      }
      for (const [index, episode] of episodes.entries())
        if (index > 0) expect(episode.aired).toBeGreaterThan((episodes[index - 1] as typeof episode).aired)
      expect(episodes[0]?.aired).toBeGreaterThanOrEqual(Date.UTC(1950, 0, 1))
      expect(episodes.at(-1)?.aired).toBeLessThan(Date.UTC(2026, 0, 1))
    })
  }

  it('grows its seasons with the catalogue (never more than 99 of them, never longer than 99 episodes)', () => {
    const longest = sizes.map((size) => Math.max(...seasonsOf(size).map(({ episode }) => episode)))
    const seasons = sizes.map((size) => seasonsOf(size).at(-1)?.season ?? 0)
    expect(longest).toEqual([...longest].sort((a, b) => a - b))
    expect(longest[0]).toBeLessThan(longest.at(-1) as number)
    expect(Math.max(...longest, ...seasons)).toBeLessThanOrEqual(99)
  })

  it('refuses more episodes than the codes can tell apart (S99E99), saying so', () => {
    expect(() => generateDataset({ locations: 0, episodes: MAX_EPISODES + 1, seed: 7 })).toThrow(
      'There can be at most 9,801 episodes: an episode code has two digits for its season and two for its number (S99E99).',
    )
  })

  it('keeps creation times within 2017–2025 at a million locations', () => {
    let last = ''
    for (const [, records] of datasetRecords({ locations: 1_000_000, episodes: MAX_EPISODES, seed: 7 }))
      for (const record of records) last = (record as { created: string }).created
    expect(last < '2026').toBe(true)
  })
})

describe('npm run generate:data', { timeout: 120_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-generate-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const generate = (args: string[], env: NodeJS.ProcessEnv = {}, nodeOptions: string[] = []) =>
    spawnSync(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/data/generate.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    })

  it('writes the shipped dataset byte for byte through its stream', () => {
    const out = join(folder, 'shipped.json')
    const result = generate(['--out', out])
    expect(result.stderr).toBe('')
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(DEFAULT_DATASET_PATH, 'utf8'))
  })

  it('writes a large catalogue in bounded memory (a 64 MB heap for a file larger than that)', () => {
    const out = join(folder, 'large.json')
    const result = generate(['--locations', '500000', '--episodes', '2000', '--out', out], {}, [
      '--max-old-space-size=64',
    ])
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(statSync(out).size).toBeGreaterThan(64 * 1024 * 1024)
    expect(result.stdout).toContain('Wrote 500,000 locations and 2,000 episodes')
  })

  it('warns when the file it wrote is larger than the service reads (CATALOGUE_DATA_MAX_MB)', () => {
    const out = join(folder, 'over.json')
    const result = generate(['--locations', '20000', '--out', out], { CATALOGUE_DATA_MAX_MB: '1' })
    expect(result.status).toBe(0)
    expect(result.stderr).toContain(
      `Warning: ${out} has 3 MB, more than the service reads (CATALOGUE_DATA_MAX_MB is 1 MB): start it with CATALOGUE_DATA_MAX_MB=4 or more to serve this file.`,
    )
  })

  it('prints its usage and exits 0 with --help', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/data/generate.ts', '--help'], {
      encoding: 'utf8',
    })
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^Usage: npm run generate:data -- \[options\]/)
    expect(result.stdout).toContain('--locations <n>')
  })
})
