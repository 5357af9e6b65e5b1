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
 * Called when a page's code failed to load. If the site now serves another version of the app (a redeploy
 * renamed the files this tab knows), reloads once into it and never settles; otherwise (the network or the
 * service is down, or this tab already reloaded for that version) returns, and the failure is shown.
 */
export async function reloadIfRedeployed(): Promise<void> {
  const running = runningEntry()
  if (running === null) return
  let served: string | null
  try {
    const response = await fetch('/index.html', { cache: 'no-store', headers: { Accept: 'text/html' } })
    if (!response.ok) return
    served = entryScript(await response.text())
  } catch {
    return
  }
  if (served === null || served === running) return
  try {
    if (sessionStorage.getItem(RELOADED_KEY) === served) return
    sessionStorage.setItem(RELOADED_KEY, served)
  } catch {
    return // without storage there is no guard against a reload loop: show the failure instead
  }
  window.location.reload()
  await new Promise<never>(() => {})
}
