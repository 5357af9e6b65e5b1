import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { openApiDocumentModule } from './server/build/openapi-document-module.ts'
import { precompress } from './server/build/precompress.ts'
import { NO_POSTGRES, postgresBin } from './server/test/postgres-process.ts'
import { EXPLORER_CONFIG_CACHE, EXPLORER_CONFIG_PATH } from './src/catalogue/explorer-config.ts'

const ROUTER_DIST = './node_modules/react-router/dist/production'

/** Paths the service answers itself: the service worker never answers them with the app, nor caches them. */
const SERVICE_PATHS = [/^\/v1(\/|$)/, /^\/healthz$/, /^\/readyz$/, /^\/openapi\.json$/, /^\/metrics$/]

/** Modules the collection pages share, outside the first page's chunk (a page's own file stays its own chunk). */
const SHARED_PAGE_CODE =
  /[\\/]src[\\/](components[\\/]|lib[\\/]|features[\\/][^\\/]+[\\/]queries\.ts)|[\\/]node_modules[\\/]@tanstack[\\/]/

/**
 * The server entry's build (`vite build --ssr src/entry-server.tsx`, in `npm run build`): for Node, out of
 * git, beside the app's own; its packages stay imports of node_modules.
 */
const SERVER_BUILD = {
  outDir: 'dist-server',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: 'hidden' as const,
  rolldownOptions: { checks: { bundlerTimings: false } },
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    openApiDocumentModule(),
    // The browser's build only: the server entry is neither served as files nor part of the offline shell.
    ...(isSsrBuild ? [] : [precompress(), appShellWorker()]),
  ],
  worker: { format: 'es' },
  resolve: {
    // react-router's package exports only its development build (warnings and their messages included);
    // the production build it ships beside it is what a browser should get.
    alias: [
      {
        find: /^react-router$/,
        replacement: fileURLToPath(new URL(`${ROUTER_DIST}/index.mjs`, import.meta.url)),
      },
      {
        find: /^react-router\/dom$/,
        replacement: fileURLToPath(new URL(`${ROUTER_DIST}/dom-export.mjs`, import.meta.url)),
      },
    ],
  },
  build: isSsrBuild
    ? SERVER_BUILD
    : {
        outDir: 'dist',
        // One stylesheet, linked by index.html: a page the service rendered is styled at its first paint,
        // before any page's code has loaded (with a stylesheet per page, the rows moved when it arrived).
        cssCodeSplit: false,
        // Source maps stay on the build machine ('hidden': no reference in the files); they are never served.
        sourcemap: 'hidden',
        // dist/.vite/manifest.json: lets the bundle-budget test find the entry chunk and what it imports.
        manifest: true,
        // Every browser the explorer runs in preloads modules itself (`<link rel="modulepreload">`: Chromium 66,
        // Firefox 115, Safari 17, the same that run its workers and its scheduler): no polyfill in the first page.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The precompression and the offline shell's manifest take seconds by design; rolldown's timing
          // warnings about them would greet every `npm start` on a busy machine as if something were wrong.
          checks: { bundlerTimings: false },
          output: {
            // Everything the entry imports statically ("$initial") in one chunk, as it was before the catalogue
            // index: its lazy chunks share first-page modules, and rolldown otherwise leaves those in separate
            // shared chunks (one gzip each, ~2.5 KB more). See docs/decisions.md, "First page in one chunk".
            // The code every collection page shares (list, record, states, the query hooks) in one more chunk, so
            // that the first page's second round trip asks for few files: Chromium opens at most 6 connections to a
            // plain-http origin, and a 7th file waited a whole round trip (docs/benchmarks.md, the explorer's waterfall).
            codeSplitting: {
              groups: [
                { name: 'first-page', tags: ['$initial'], priority: 2 },
                { name: 'pages', test: SHARED_PAGE_CODE, priority: 1 },
              ],
            },
          },
        },
      },
  test: {
    environment: 'node',
    // Most of the suite waits (on servers, child processes, timers), not computes: on 2 cores Vitest's default of
    // one worker ran it in 250 s, four run it in about 125 (docs/testing.md, "How long").
    maxWorkers: 4,
    // A test checks behaviour, not the machine's speed: with both cores busy, a test that waits on typing's pause
    // or a child process passed Vitest's 5 s default.
    testTimeout: 30_000,
    projects: testProjects(mode),
  },
}))

/** The service's suites about answers: run on the dataset in memory, and again on PostgreSQL. */
const BOTH_STORES = [
  'server/catalogue/lists.test.ts',
  'server/catalogue/ids.test.ts',
  'server/catalogue/properties.test.ts',
  'server/catalogue/streams.test.ts',
  'server/catalogue/stream-views.test.ts',
  'server/catalogue/views.test.ts',
  'server/catalogue/search.test.ts',
  'server/catalogue/characters.test.ts',
  'server/catalogue/insight-facets.test.ts',
  'server/http/caching.test.ts',
  'server/http/catalogue-version.test.ts',
  'server/http/protocol.test.ts',
  'server/plugins/first-view/first-view.test.ts',
  'server/operations/health.test.ts',
]
/** Tests of the PostgreSQL store itself (loads, migrations, faults, replicas, both stores compared). */
const POSTGRES_ONLY = 'server/**/*.postgres.test.ts'

/**
 * Every test on the file store (`unit`), and the answer suites again with the catalogue in PostgreSQL plus the
 * database's own tests (`postgres`, one throwaway cluster for the run). Without PostgreSQL installed the second
 * project runs only where `CI` is set (where it then fails, saying why); elsewhere one line says it is left out.
 */
function testProjects(mode: string) {
  const unit = {
    extends: true,
    test: {
      name: 'unit',
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
      exclude: [POSTGRES_ONLY],
    },
  }
  if (mode === 'test' && postgresBin() === null && !process.env.CI) {
    console.log(NO_POSTGRES)
    return [unit]
  }
  const postgres = {
    extends: true,
    test: {
      name: 'postgres',
      include: [...BOTH_STORES, POSTGRES_ONLY],
      env: { CATALOGUE_TEST_STORE: 'postgres' },
      globalSetup: ['server/test/postgres-global-setup.ts'],
      // Loads, migrations and the tools as processes (npm, then tsx) take seconds on a machine with both cores busy.
      hookTimeout: 60_000,
    },
  }
  return [unit, postgres]
}

/**
 * The app shell in a service worker (Workbox), so a revisit opens while the service is down. A new
 * deployment has a new precache manifest: the new worker takes over at once (skipWaiting, clientsClaim)
 * and the next visit gets the new shell. The run-time config is asked of the network first, and the copy
 * kept is used only when the network fails.
 */
function appShellWorker() {
  return VitePWA({
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
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === EXPLORER_CONFIG_PATH,
          handler: 'NetworkFirst',
          options: { cacheName: EXPLORER_CONFIG_CACHE, networkTimeoutSeconds: 5 },
        },
      ],
    },
  })
}
