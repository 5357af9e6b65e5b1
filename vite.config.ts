import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

/** Paths the service answers itself: the service worker never answers them with the app, nor caches them. */
const SERVICE_PATHS = [/^\/v1(\/|$)/, /^\/healthz$/, /^\/readyz$/, /^\/openapi\.json$/, /^\/metrics$/]

export default defineConfig({
  plugins: [
    react(),
    // The app shell in a service worker (Workbox), so a revisit opens while the service is down. A new
    // deployment has a new precache manifest: the new worker takes over at once (skipWaiting, clientsClaim)
    // and the next visit gets the new shell. The run-time config is asked of the network first, and the copy
    // kept is used only when the network fails.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: null,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        globIgnores: ['**/*.map'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVICE_PATHS,
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/explorer-config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'explorer-config', networkTimeoutSeconds: 5 },
          },
        ],
      },
    }),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: lets the bundle-budget test find the entry chunk and what it imports.
    manifest: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
  },
})
