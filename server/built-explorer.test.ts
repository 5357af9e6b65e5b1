import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadBuiltExplorer } from './built-explorer'
import { fakeBuiltApp } from './test/server'

const dist = fakeBuiltApp()
const folder = mkdtempSync(join(tmpdir(), 'built-explorer-'))

describe('the built explorer at start', () => {
  it('says when the first views are on but their build is missing, and serves the app without them', async () => {
    const explorer = await loadBuiltExplorer(dist, join(folder, 'dist-server/entry-server.js'), true, folder)
    expect(explorer.warnings).toEqual([
      "First views are off: dist-server/entry-server.js is missing (run npm run build); navigations get the app's index.html.",
    ])
    expect(explorer.hosting).toEqual({ staticDir: dist, firstView: null })
  })

  it('says when the build holds no render', async () => {
    const file = join(folder, 'other.mjs')
    writeFileSync(file, 'export const somethingElse = 1')
    const explorer = await loadBuiltExplorer(dist, file, true, folder)
    expect(explorer.warnings).toEqual([
      "First views are off: other.mjs holds no renderFirstView and matchesFirstView (run npm run build); navigations get the app's index.html.",
    ])
  })

  it('says nothing when they are off, or on and built', async () => {
    expect((await loadBuiltExplorer(dist, join(folder, 'missing.js'), false, folder)).warnings).toEqual([])
    const file = join(folder, 'entry-server.mjs')
    writeFileSync(
      file,
      'export const renderFirstView = async () => ({ kind: "redirect", status: 302, location: "/" })\nexport const matchesFirstView = () => true',
    )
    const explorer = await loadBuiltExplorer(dist, file, true, folder)
    expect(explorer.warnings).toEqual([])
    expect(explorer.hosting).toEqual({
      staticDir: dist,
      firstView: {
        renderFirstView: expect.any(Function),
        matchesFirstView: expect.any(Function),
        firstViewModules: expect.any(Function),
      },
    })
    await explorer.close()
  })
})
