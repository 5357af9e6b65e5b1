import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** A test file that runs another program: a child process, the service as a process, or Redis. */
const STARTS_A_PROCESS = /from 'node:child_process'|startServiceProcess\(|startRedis\(/

/**
 * Whether every test of the file has a timeout of its own: its project gives one, the file raises vitest's for
 * all its tests (`vi.setConfig({ testTimeout })`), or each top-level `describe` gives one and no test stands
 * outside them.
 */
function timesItsTests(file: string, source: string): boolean {
  // The database's own tests run in a project of their own, which gives each 30 s (vite.config.ts).
  if (file.endsWith('.postgres.test.ts')) return true
  if (/vi\.setConfig\(\{ testTimeout:/.test(source)) return true
  const describes = source.match(/^describe(\.\w+)?\(.*$/gm) ?? []
  return (
    describes.length > 0 &&
    describes.every((line) => /\{ timeout: [\d_]+ \}/.test(line)) &&
    !/^(it|test)(\.\w+)?\(/m.test(source)
  )
}

describe("the suite's timeouts", () => {
  it("gives every test that starts a process more than vitest's 5 s (a process starts slowly on a busy machine)", () => {
    const files = [...testFiles(join(ROOT, 'src')), ...testFiles(join(ROOT, 'server'))]
    const starting = files.filter(
      (file) => file !== import.meta.filename && STARTS_A_PROCESS.test(readFileSync(file, 'utf8')),
    )
    expect(starting.length).toBeGreaterThan(5)
    const untimed = starting.filter((file) => !timesItsTests(file, readFileSync(file, 'utf8')))
    expect(untimed.map((file) => relative(ROOT, file))).toEqual([])
  })
})
