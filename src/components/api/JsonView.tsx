import { type ReactNode, useMemo } from 'react'
import './json-view.css'

// Strings (keys when followed by a colon), literals and numbers of pretty-printed JSON.
const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g

/** Pretty-printed JSON, its keys, strings, numbers and literals in their own colours. */
export function highlightJson(text: string): ReactNode[] {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index
    if (at > last) parts.push(text.slice(last, at))
    const [whole, string, colon, literal] = match
    const kind = string ? (colon ? 'key' : 'string') : literal ? 'literal' : 'number'
    parts.push(
      <span key={at} className={`json-${kind}`}>
        {string ?? whole}
      </span>,
    )
    if (colon) parts.push(colon)
    last = at + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

export function JsonView({ text, label }: { text: string; label: string }) {
  const highlighted = useMemo(() => highlightJson(text), [text])
  return (
    // Scrolls on its own: a keyboard user must be able to reach it to scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard.
    <section className="json-view" tabIndex={0} aria-label={label}>
      <pre>
        <code>{highlighted}</code>
      </pre>
    </section>
  )
}
