/** Marks that this tab has already reloaded for a newer version, so a broken deploy cannot loop. */
const RELOADED_KEY = 'catalogue-explorer.reloaded-for'

/** The entry script of a page of the app (`/assets/index-1a2b3c.js`), or null. */
export function entryScript(html: string): string | null {
  const match = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(html)
  return match?.[1] ?? null
}

function runningEntry(): string | null {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null
}

/**
 * Called when a page's code failed to load: whether the site now serves another version of the app (a
 * redeploy renamed the files this tab knows), so that one full reload will fix it. False when the network or
 * the service is down, and when this tab has already reloaded for that version (no reload loop).
 */
export async function reloadWillHelp(): Promise<boolean> {
  const running = runningEntry()
  if (running === null) return false
  let served: string | null
  try {
    const response = await fetch('/index.html', { cache: 'no-store', headers: { Accept: 'text/html' } })
    if (!response.ok) return false
    served = entryScript(await response.text())
  } catch {
    return false
  }
  if (served === null || served === running) return false
  try {
    if (sessionStorage.getItem(RELOADED_KEY) === served) return false
    sessionStorage.setItem(RELOADED_KEY, served)
    return true
  } catch {
    return false // without storage there is no guard against a reload loop: show the failure instead
  }
}
