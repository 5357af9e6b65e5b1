import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'

export const LARGE_LOCATIONS = 100_000
export const LARGE_EPISODES = 20_000

/**
 * The path of a generated dataset (by default the 100,000-location one) in `dir`, made with the project's generator when absent. The file
 * name carries a hash of the generator's source: the generator is deterministic, so a file made by the same
 * source is the same file, and a changed generator gets a fresh one.
 */
export function ensureLargeDataset(
  root: string,
  dir: string,
  locations = LARGE_LOCATIONS,
  episodes = LARGE_EPISODES,
): string {
  const generator = join(root, 'server/data/generate.ts')
  const version = createHash('sha1').update(readFileSync(generator)).digest('hex').slice(0, 10)
  const path = join(dir, `catalogue-${locations}x${episodes}-${version}.json`)
  if (existsSync(path)) return path
  // Written aside and renamed, so an interrupted run never leaves a truncated file under the final name.
  const partial = `${path}.partial`
  console.log(`Generating ${locations} locations and ${episodes} episodes into ${path} …`)
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      generator,
      '--locations',
      String(locations),
      '--episodes',
      String(episodes),
      '--out',
      partial,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  if (result.status !== 0 || !existsSync(partial)) {
    throw new Error(`The dataset generator failed (exit status ${result.status}).`)
  }
  renameSync(partial, path)
  return path
}
