import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A stylesheet element as Vite writes it into index.html, and the address of the file it links. */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g
const ASSET_HREF = /\bhref="\/(assets\/[\w.-]+\.css)"/
/** Stylesheets larger than this stay linked: a page would carry them on every first visit. */
export const MAX_INLINE_STYLESHEET_BYTES = 64 * 1024

/**
 * The app's index.html with its own stylesheets written into it as `<style>` elements, for the first view:
 * its first paint then waits for the page alone, not for one more round trip. The CSP allows inline styles
 * (never inline scripts). A stylesheet that is not one of the app's files, cannot be read, is large, or could
 * end its element early stays linked.
 */
export function withInlineStylesheets(index: string, staticDir: string): string {
  return index.replace(STYLESHEET_LINK, (link) => {
    const file = ASSET_HREF.exec(link)?.[1]
    if (file === undefined) return link
    let css: string
    try {
      css = readFileSync(join(staticDir, file), 'utf8')
    } catch {
      return link
    }
    if (Buffer.byteLength(css) > MAX_INLINE_STYLESHEET_BYTES || /<\/style/i.test(css)) return link
    return `<style>${css}</style>`
  })
}
