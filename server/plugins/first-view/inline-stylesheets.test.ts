import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_INLINE_STYLESHEET_BYTES, withInlineStylesheets } from './inline-stylesheets'

const dist = mkdtempSync(join(tmpdir(), 'catalogue-styles-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))
mkdirSync(join(dist, 'assets'))
const files = {
  'style-A1.css': 'main{margin:0}',
  'closes-B2.css': 'a::after{content:"</style><script>alert(1)</script>"}',
  'large-C3.css': `p{color:red}${' '.repeat(MAX_INLINE_STYLESHEET_BYTES)}`,
}
for (const [name, css] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), css)

const link = (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`

describe('the first view’s page with the app’s stylesheets written in', () => {
  it('replaces a link to one of the app’s stylesheets with its text', () => {
    expect(withInlineStylesheets(`<head>${link('/assets/style-A1.css')}</head>`, dist)).toBe(
      '<head><style>main{margin:0}</style></head>',
    )
  })

  it('keeps the link to a stylesheet that is missing, large, could close its element, or is not the app’s', () => {
    for (const href of [
      '/assets/missing-D4.css',
      '/assets/large-C3.css',
      '/assets/closes-B2.css',
      'https://cdn.example/style.css',
      '/assets/../../etc/passwd.css',
    ]) {
      expect(withInlineStylesheets(link(href), dist), href).toBe(link(href))
    }
  })
})
