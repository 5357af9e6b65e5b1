import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useSingleKeyShortcuts } from '../settings/keyboard-shortcuts'

// The palette's code is its own chunk, fetched with the other pages' code once the first page is on screen
// (src/app/after-first-page.ts), or on the first open.
// Once it is here, `lazy` gets it at once: a promise, even a settled one, would suspend the first open, and React
// holds a suspended render back (a noticeable while), during which the keys typed after Ctrl+K were lost.
type Palette = typeof import('./PaletteHost')
let palette: Palette | undefined
const loadPalette = () => import('./PaletteHost').then((module) => (palette = module))
const PaletteHost = lazy(() => {
  const loaded = palette
  return loaded
    ? // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, which lazy reads at once
      ({ then: (use: (module: Palette) => void) => use(loaded) } as Promise<Palette>)
    : loadPalette()
})
export const prefetchPalette = () => void loadPalette().catch(() => undefined)

/** Where typing `/` means a slash, not "search". */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  )
}

/**
 * The header's Search button, and the shortcuts that open the search palette anywhere: Ctrl+K / Cmd+K, and
 * `/` outside text fields unless single-key shortcuts are off. Closing gives focus back where it was.
 */
export function SearchLauncher() {
  const [open, setOpen] = useState(false)
  const singleKey = useSingleKeyShortcuts()
  const returnTo = useRef<HTMLElement | null>(null)

  const show = useCallback(() => {
    const active = document.activeElement
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null
    setOpen(true)
  }, [])

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false)
    const target = returnTo.current
    returnTo.current = null
    if (restoreFocus && target?.isConnected) requestAnimationFrame(() => target.focus())
  }, [])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return
      const command = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
      const slash =
        singleKey &&
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !typingTarget(event.target)
      if (!command && !slash) return
      event.preventDefault()
      if (!open) show()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, show, singleKey])

  return (
    <>
      <button
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts={singleKey ? 'Control+K Meta+K /' : 'Control+K Meta+K'}
        onClick={show}
      >
        <svg className="search-button-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="search-button-label">Search</span>
        <span className="search-button-key" aria-hidden="true">
          Ctrl K
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PaletteHost onClose={close} />
        </Suspense>
      )}
    </>
  )
}
