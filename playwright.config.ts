import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { LARGE_NO_VIEWS_PORT, LARGE_NO_VIEWS_URL, LARGE_PORT, LARGE_URL } from './e2e/support/large-catalogue'
import {
  DEMO_PORT,
  DEMO_URL,
  KEYED_PORT,
  KEYED_URL,
  NO_VIEWS_PORT,
  NO_VIEWS_URL,
  SHELL_PORT,
  SHELL_URL,
  TEST_KEY,
} from './e2e/support/servers'

const CI = Boolean(process.env.CI)

/**
 * CHROMIUM_PATH if set; else Debian's Chromium headless shell (`chromium-headless-shell`: the same engine
 * without the browser's windowing, what Playwright itself runs headless tests in, and a third faster here
 * than the whole browser, docs/testing.md), else Debian's Chromium; Playwright's own browser where none exists.
 */
const executablePath =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))

/** What each service instance needs besides its port: no rate limit and no allowance of renders, so parallel tests are not throttled. */
const serviceEnv = { HOST: '127.0.0.1', CATALOGUE_RATE_LIMIT: '0', CATALOGUE_RENDER_RATE: '0' }

export default defineConfig({
  testDir: 'e2e',
  // The screenshot spec writes files for the README; it runs only through `npm run screenshots`.
  testIgnore: process.env.UPDATE_SCREENSHOTS ? [] : ['screenshots.spec.ts'],
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  // Three, on two cores: a test often waits on its page or its service, and a third worker fills those waits.
  workers: 3,
  // Limits against a hang, not measures of speed: with both cores busy the suite runs about twice as slowly
  // (docs/testing.md), and a test that passes never waits them out.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: DEMO_URL,
    locale: 'en-GB',
    timezoneId: 'UTC',
    // CI keeps only its log, where no trace can be opened, and recording one for every test costs about a
    // sixth of the suite's time (docs/testing.md); a run elsewhere keeps the traces of failed tests.
    trace: CI ? 'off' : 'retain-on-failure',
    // The app shell's service worker would answer reloads from its cache, out of reach of the specs' injected
    // faults; the specs of the offline shell allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        // Root in a container: no sandbox, no GPU.
        '--no-sandbox',
        '--disable-gpu',
        // Nothing but the service under test: no update checks, sync or QUIC probes into the closed network.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      name: 'demo',
      // Builds only when dist/ is older than its sources (`npm test` has built it already), then serves.
      command:
        'npx tsx e2e/support/build-if-stale.ts && exec env -u CATALOGUE_API_KEYS npm run --silent serve',
      url: `${DEMO_URL}/explorer-config.json`,
      env: { ...serviceEnv, PORT: String(DEMO_PORT) },
      reuseExistingServer: !CI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'shell',
      command: 'exec env -u CATALOGUE_API_KEYS npm run --silent serve',
      url: `${SHELL_URL}/explorer-config.json`,
      env: { ...serviceEnv, PORT: String(SHELL_PORT), CATALOGUE_FIRST_VIEW: 'off' },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'keyed',
      command: 'npm run --silent serve',
      url: `${KEYED_URL}/explorer-config.json`,
      env: { ...serviceEnv, PORT: String(KEYED_PORT), CATALOGUE_API_KEYS: TEST_KEY },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // A catalogue too large to be indexed without being asked (1,200 locations): shared by the specs of what
      // a visitor sees before the index is built.
      name: 'large',
      command: 'exec env -u CATALOGUE_API_KEYS npx tsx e2e/support/serve-large.ts',
      url: `${LARGE_URL}/explorer-config.json`,
      env: { ...serviceEnv, PORT: String(LARGE_PORT) },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // Both catalogues again without views (CATALOGUE_VIEWS=off), nor streams: what a service of the specification
      // alone is (its index is crawled page by page).
      name: 'no-views',
      command: 'exec env -u CATALOGUE_API_KEYS npm run --silent serve',
      url: `${NO_VIEWS_URL}/explorer-config.json`,
      env: { ...serviceEnv, PORT: String(NO_VIEWS_PORT), CATALOGUE_VIEWS: 'off' },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'large-no-views',
      command: 'exec env -u CATALOGUE_API_KEYS npx tsx e2e/support/serve-large.ts',
      url: `${LARGE_NO_VIEWS_URL}/explorer-config.json`,
      env: { ...serviceEnv, PORT: String(LARGE_NO_VIEWS_PORT), CATALOGUE_VIEWS: 'off' },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
})
