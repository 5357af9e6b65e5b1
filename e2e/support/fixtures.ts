/**
 * The `test` every spec imports: Playwright's, plus
 * - `catalogue`: the service's records, read once per worker through the API (what the UI must show);
 * - a guard, on for every test, that no API key ever appears in a console message, a page error, the address
 *   of any request or page, a page title, or the page's HTML;
 * - a guard, on for every test, that a page the service rendered becomes the app with no hydration error;
 * - `page.goto`, `reload`, `goBack` and `goForward` that return once the app has taken over a page the service
 *   rendered (hydration started: from then on React replays what the user does on the page), as a person
 *   waits for a page to respond; before that, a click or a keystroke reaches plain HTML.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { FIRST_VIEW_STATE_ID } from '../../src/catalogue'
import { type CatalogueSnapshot, readCatalogue } from './catalogue'
import { ALL_KEYS, DEMO_URL } from './servers'

type WorkerFixtures = { catalogue: CatalogueSnapshot }
type TestFixtures = { keyNeverLeaks: undefined; hydratesCleanly: undefined; savePicker: SavePicker }

/**
 * The File System Access API's save picker, as the specs' browser has it. Headless Chromium has the API but
 * aborts its picker at once (no window to show it in), as a user pressing Cancel would: by default the specs
 * run as a browser without it (exports are downloads), and a spec of a browser with it chooses
 * `private-folder`: the picker answers with a file of the origin's private file system, which the spec reads,
 * and keeps the names it was asked to save (`savePickerAsked`).
 */
export type SavePicker = 'none' | 'private-folder'

/** The file names the page's save picker was asked to save, in order (see SavePicker). */
export function savePickerAsked(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(Reflect.get(window, 'savePickerAsked') as string[])])
}

/**
 * React's hydration errors: its production build reports them by number (418: the HTML did not match, 419:
 * a boundary fell back to client rendering, 421/422: an update or a suspense boundary during hydration,
 * 423: the root recovered by rendering on the client, 425: text did not match); its development build in
 * words.
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|421|422|423|425)\b|hydrat(ion|ing) (failed|error|mismatch)|didn't match/i

/**
 * True once the page holds no first view rendered by the service, or the app has taken it over. A function,
 * not a string: Playwright evaluates a string with `eval`, which the app's CSP forbids.
 */
const appHasThePage = (stateId: string) => {
  if (!document.getElementById(stateId)) return true
  const root = document.getElementById('root')
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
}

/** Makes the page's navigations wait until the app has taken over the page they open (see above). */
function waitingForTheApp(page: Page): void {
  const untilTheApp = async () => {
    if (page.isClosed()) return
    await page.waitForFunction(appHasThePage, FIRST_VIEW_STATE_ID)
  }
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await untilTheApp()
    return response
  }
  for (const method of ['reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page)
    page[method] = async (options) => {
      const response = await navigate(options)
      await untilTheApp()
      return response
    }
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  savePicker: ['none', { option: true }],

  context: async ({ context, savePicker }, use) => {
    if (savePicker === 'none')
      await context.addInitScript(() => {
        Reflect.deleteProperty(Window.prototype, 'showSaveFilePicker')
        Reflect.deleteProperty(window, 'showSaveFilePicker')
      })
    else
      await context.addInitScript(() => {
        const asked: string[] = []
        Reflect.set(window, 'savePickerAsked', asked)
        Reflect.set(window, 'showSaveFilePicker', async ({ suggestedName }: { suggestedName: string }) => {
          asked.push(suggestedName)
          const folder = await navigator.storage.getDirectory()
          return folder.getFileHandle(suggestedName, { create: true })
        })
      })
    await use(context)
  },

  page: async ({ page, context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      waitingForTheApp(page)
      context.on('page', waitingForTheApp)
    }
    await use(page)
  },

  catalogue: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: DEMO_URL })
      await use(await readCatalogue(request))
      await request.dispose()
    },
    { scope: 'worker' },
  ],

  keyNeverLeaks: [
    async ({ context }, use) => {
      const seen: string[] = []
      const watch = (page: import('@playwright/test').Page) => {
        page.on('console', (message) => seen.push(`console: ${message.text()}`))
        page.on('pageerror', (error) => seen.push(`page error: ${error.message}`))
        page.on('request', (request) => seen.push(`request: ${request.url()}`))
        page.on('framenavigated', (frame) => seen.push(`address: ${frame.url()}`))
      }
      for (const page of context.pages()) watch(page)
      context.on('page', watch)

      await use(undefined)

      for (const page of context.pages()) {
        if (page.isClosed()) continue
        // The HTML is what a page snapshot, an error reporter or a session recorder would copy.
        seen.push(`title: ${await page.title()}`, `address: ${page.url()}`, `html: ${await page.content()}`)
      }
      // Reported with the key masked: the report itself must not spread it either.
      const leaks = seen
        .filter((line) => ALL_KEYS.some((key) => line.includes(key)))
        .map((line) => ALL_KEYS.reduce((masked, key) => masked.replaceAll(key, '[API key]'), line))
      expect(leaks, 'an API key showed up where anyone can see it').toEqual([])
    },
    { auto: true },
  ],

  hydratesCleanly: [
    async ({ context }, use) => {
      const errors: string[] = []
      const watch = (page: import('@playwright/test').Page) => {
        page.on('console', (message) => {
          if (HYDRATION_ERROR.test(message.text())) errors.push(message.text())
        })
        page.on('pageerror', (error) => {
          if (HYDRATION_ERROR.test(error.message)) errors.push(error.message)
        })
      }
      for (const page of context.pages()) watch(page)
      context.on('page', watch)
      await use(undefined)
      expect(errors, 'a page the service rendered did not hydrate cleanly').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
