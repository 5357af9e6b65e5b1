/**
 * Builds the explorer (`npm run build`) unless dist/ is already newer than everything it is built from.
 *
 * `npm test` builds once before Vitest (the bundle-budget test reads dist/), so the Playwright web servers
 * find a fresh build and start at once; `npx playwright test` alone, from a fresh clone or after an edit
 * in src/, still tests the current app.
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const BUILT = 'dist/index.html'
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestChange(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)))
  return newest
}

function isFresh(): boolean {
  if (!existsSync(BUILT)) return false
  const built = statSync(BUILT).mtimeMs
  return SOURCES.filter((source) => existsSync(source)).every((source) => newestChange(source) <= built)
}

if (isFresh()) {
  console.log('[e2e] dist/ is up to date; not rebuilding')
} else {
  console.log('[e2e] building the explorer (dist/ is missing or older than its sources)')
  execSync('npm run build', { stdio: 'inherit' })
}
