import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The docs stay true: the architecture's map names every folder. */
const ROOT = join(import.meta.dirname, '..')

/** The code block under "## Project layout" in docs/architecture.md. */
function projectLayout(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8')
  const section = doc.split(/^## /m).find((part) => part.startsWith('Project layout'))
  const block = section?.split('```')[1]
  if (block === undefined) throw new Error('docs/architecture.md has no code block under "## Project layout"')
  return block
}

const foldersOf = (top: string) =>
  readdirSync(join(ROOT, top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => `${top}/${entry.name}/`)

describe("docs/architecture.md's project layout", () => {
  it('names every top-level folder of src/ and server/ at the start of a line, with what it holds', () => {
    const lines = projectLayout().split('\n')
    const folders = [...foldersOf('src'), ...foldersOf('server')]
    expect(folders.length).toBeGreaterThan(10)
    const missing = folders.filter(
      (folder) => !lines.some((line) => line.startsWith(folder) && line.slice(folder.length).trim() !== ''),
    )
    expect(missing, 'folders missing from the layout of docs/architecture.md').toEqual([])
  })
})
