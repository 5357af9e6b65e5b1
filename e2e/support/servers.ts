import { DEMO_KEY } from '../../server/config'

/**
 * The instances of the real service the end-to-end tests run against, and the keys they know.
 * Shared by playwright.config.ts (which starts them) and the specs (which address them).
 */

/** First of the ports; set E2E_PORT_BASE to run two checkouts' suites side by side. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4318)

/** Demo mode: no keys configured, so the service hands the explorer its demo key at run time. */
export const DEMO_PORT = PORT_BASE
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`
export { DEMO_KEY }

/** Keyed mode: the service accepts only TEST_KEY and tells the explorer nothing; the user enters the key. */
export const KEYED_PORT = PORT_BASE + 1
export const KEYED_URL = `http://127.0.0.1:${KEYED_PORT}`
export const TEST_KEY = 'e2e-right-key-4b9d27c1'

/**
 * Demo mode without first views (`CATALOGUE_FIRST_VIEW=off`): every navigation gets the app's shell, as the
 * service worker answers a returning visitor's navigations. The specs of what the app does while it fetches a
 * page's data itself (loading states, failures, the requests it makes) run here; port 3 after the first is
 * the large catalogue's, 4 a spec's own.
 */
export const SHELL_PORT = PORT_BASE + 5
export const SHELL_URL = `http://127.0.0.1:${SHELL_PORT}`

/**
 * Demo mode on the shipped catalogue with `CATALOGUE_VIEWS=off`: the service answers lists as the
 * specification alone does, so views are the catalogue index's (which builds itself unasked for a catalogue
 * this small), and the explorer's requests are exactly those it makes of any service without views; with no stream of whole
 * views either, the explorer indexes its catalogue page by page.
 */
export const NO_VIEWS_PORT = PORT_BASE + 6
export const NO_VIEWS_URL = `http://127.0.0.1:${NO_VIEWS_PORT}`

/**
 * The services whose catalogue e2e/index/catalogue-changed.spec.ts changes under the browser: a dataset file's,
 * and a database's.
 */
export const CHANGED_FILE_PORT = PORT_BASE + 8
export const CHANGED_DATABASE_PORT = PORT_BASE + 9

/** A key no server accepts. */
export const WRONG_KEY = 'e2e-wrong-key-81c3f05a'

/** Every key a test may type or receive: none of them may ever show up in a URL, a title or the console. */
export const ALL_KEYS = [DEMO_KEY, TEST_KEY, WRONG_KEY] as const
