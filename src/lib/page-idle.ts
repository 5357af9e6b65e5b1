/**
 * Work no one has asked for yet (other pages' code, the catalogue index, the offline shell) waits until the
 * page has loaded and been on screen for a few seconds, the time a reader takes to look at it and start to
 * act, and then for an idle moment of the main thread; it runs one piece per idle moment. On a phone, the
 * seconds after a page appears are when its reader's first taps must be answered at once.
 */

type IdleCallback = (callback: () => void, options?: { timeout: number }) => number

/** How long after the page's `load` the work waits before it looks for an idle moment. */
export const SETTLE_MS = 3000
/** At the latest this long after that, a piece runs even if the main thread is never idle. */
export const IDLE_TIMEOUT_MS = 2000

function onIdle(callback: () => void): () => void {
  const idle = window.requestIdleCallback?.bind(window) as IdleCallback | undefined
  if (!idle) {
    const timer = setTimeout(callback, 0)
    return () => clearTimeout(timer)
  }
  const handle = idle(callback, { timeout: IDLE_TIMEOUT_MS })
  return () => window.cancelIdleCallback(handle)
}

/** Calls `callback` `SETTLE_MS` after the document has loaded (after now, if it has). */
function settledAfterLoad(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const loaded = () => {
    timer = setTimeout(callback, SETTLE_MS)
  }
  if (document.readyState === 'complete') loaded()
  else window.addEventListener('load', loaded, { once: true })
  return () => {
    window.removeEventListener('load', loaded)
    clearTimeout(timer)
  }
}

/**
 * Runs each piece of `work` in an idle moment of its own, in order, once the page has loaded and settled.
 * Returns a function that cancels what has not run yet.
 */
export function whenPageIdle(...work: readonly (() => void)[]): () => void {
  let cancelled = false
  let cancelWait = (): void => undefined
  const next = (index: number) => {
    if (cancelled || index >= work.length) return
    cancelWait = onIdle(() => {
      if (cancelled) return
      work[index]?.()
      next(index + 1)
    })
  }
  cancelWait = settledAfterLoad(() => next(0))
  return () => {
    cancelled = true
    cancelWait()
  }
}
