/**
 * Work that waits for the main thread: work a page needs but not for its first paint waits until the page
 * has loaded and the main thread is idle (`whenPageIdle`); work no one has asked for yet (other pages' code,
 * the catalogue index behind a list the service answers, the offline shell) also waits until the page has
 * been on screen for a few seconds, the time a reader takes to look at it and start to act (`whenPageSettled`):
 * on a phone, the seconds after a page appears are when its reader's first taps must be answered at once.
 * Either runs one piece per idle moment, so that none makes a task long.
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

/** Calls `callback` `delayMs` after the document has loaded (after now, if it has). */
function afterLoad(delayMs: number, callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const loaded = () => {
    timer = setTimeout(callback, delayMs)
  }
  if (document.readyState === 'complete') loaded()
  else window.addEventListener('load', loaded, { once: true })
  return () => {
    window.removeEventListener('load', loaded)
    clearTimeout(timer)
  }
}

/**
 * Runs each piece of `work` in an idle moment of its own, in order, once the page has loaded. Returns a
 * function that cancels what has not run yet.
 */
export function whenPageIdle(...work: readonly (() => void)[]): () => void {
  return inIdleMoments(0, work)
}

/** The same, once the page has loaded and been on screen for `SETTLE_MS`: for work no one has asked for. */
export function whenPageSettled(...work: readonly (() => void)[]): () => void {
  return inIdleMoments(SETTLE_MS, work)
}

function inIdleMoments(settleMs: number, work: readonly (() => void)[]): () => void {
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
  cancelWait = afterLoad(settleMs, () => next(0))
  return () => {
    cancelled = true
    cancelWait()
  }
}
