/**
 * The page's own clock (Playwright's `page.clock`) for what a page does on a timer: a debounce, a retry after a
 * wait. Frozen, it moves only when the test says, so a starved browser's late keystrokes are no pauses and a
 * notice shown until a timer fires is still there when the test looks. The caller installs the clock
 * (`page.clock.install()`) before the page loads.
 */
import { expect, type Locator, type Page } from '@playwright/test'

/** Time between two keys of a fast typist, well under the explorer's debounces (200 and 300 ms). */
export const KEY_GAP_MS = 100

/** A time to install the clock at when it is frozen before the page loads (any time serves). */
export const PAGE_CLOCK_START = Date.UTC(2026, 0, 5, 9, 0)

/** Freezes the page's clock: from now on its timers fire only when `runFor` says time has passed. */
export async function freezePageClock(page: Page): Promise<void> {
  // The page's time runs on until the call arrives; however late it arrives, a minute ahead is in the future.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 60_000))
}

/** Types `text` into `field` one key at a time, KEY_GAP_MS apart on the frozen page clock. */
export async function typeAtPace(page: Page, field: Locator, text: string): Promise<void> {
  for (const key of text) {
    await field.pressSequentially(key)
    await page.clock.runFor(KEY_GAP_MS)
  }
}

/** A pause in typing: `ms` pass on the page's clock, then it runs on as usual so answers can be shown. */
export async function pauseTyping(page: Page, ms = 1_000): Promise<void> {
  await page.clock.runFor(ms)
  await page.clock.resume()
}

/**
 * On a frozen page clock, lets time pass a step at a time until `locator` shows: what a timer on the page
 * would take away again is seen before its time is up, however slowly the machine gets there.
 */
export async function untilVisible(page: Page, locator: Locator, stepMs = 50): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(stepMs)
        return locator.isVisible()
      },
      { intervals: [0] },
    )
    .toBe(true)
}
