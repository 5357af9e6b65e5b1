import { whenPageSettled } from '../lib/page/page-idle'

/**
 * Registers the app shell's service worker (built by vite-plugin-pwa into `/sw.js`) once the page has loaded
 * and settled, so it never competes with the first page. Not in development, where Vite serves the sources.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { serviceWorker } = navigator
  const register = () =>
    serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without the worker the app works as before, only not offline.
    })
  // The run-time config read at start-up is already in the worker's cache (connection/explorer-config.ts).
  whenPageSettled(() => void register())
}
