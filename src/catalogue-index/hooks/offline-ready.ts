import { useEffect, useState } from 'react'
import { EXPLORER_CONFIG_PATH } from '../../catalogue'

let ready: Promise<boolean> | null = null
const CONFIG_ATTEMPTS = 10
const CONFIG_RETRY_MS = 500

/**
 * Resolves true once the explorer can open without the network: the app shell's service worker controls this
 * page (a worker that is only installed or `ready` does not answer this page's reload yet) and holds the
 * run-time config; false in a browser without service workers.
 */
export function offlineReady(): Promise<boolean> {
  ready ??= (async () => {
    if (!('serviceWorker' in navigator) || !('caches' in window)) return false
    const { serviceWorker } = navigator
    if (!serviceWorker.controller) {
      await new Promise((resolve) =>
        serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
    // The page kept the config it read at start-up in the worker's cache; asked again, through the worker,
    // only when that copy is missing (it stores the copy after answering, so the cache is looked at again).
    for (let attempt = 0; attempt < CONFIG_ATTEMPTS; attempt++) {
      if ((await caches.match(EXPLORER_CONFIG_PATH)) !== undefined) return true
      await fetch(EXPLORER_CONFIG_PATH, { headers: { Accept: 'application/json' } }).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, CONFIG_RETRY_MS))
    }
    return false
  })()
  return ready
}

/** True once `offlineReady()` has resolved true. */
export function useOfflineReady(): boolean {
  const [isReady, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void offlineReady().then((value) => live && setReady(value))
    return () => {
      live = false
    }
  }, [])
  return isReady
}
