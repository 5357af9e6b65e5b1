import { EXPLORER_CONFIG_PATH } from '../catalogue'
import { whenPageSettled } from '../lib/page-idle'

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
  whenPageSettled(() => void register())
  // The first visit read the run-time config before the worker was there: read it once more through the
  // worker, which keeps a copy for a visit while the service is down (demo mode keeps its last config).
  const keepConfig = () =>
    void fetch(EXPLORER_CONFIG_PATH, { headers: { Accept: 'application/json' } }).catch(() => {})
  if (serviceWorker.controller) return
  serviceWorker.addEventListener('controllerchange', keepConfig, { once: true })
}
