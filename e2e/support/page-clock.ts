/**
 * Typing at a pace the page's own clock measures (Playwright's `page.clock`), so that a debounce sees the same
 * typist however busy the machine is: a key that a starved browser delivers late is still on time.
 * The caller installs the clock (`page.clock.install()`) before the page loads.
 */
import type { Locator, Page } from '@playwright/test'

/** Time between two keys of a fast typist, well under the explorer's debounces (200 and 300 ms). */
export const KEY_GAP_MS = 100

/** Stops the page's clock: from now on its timers fire only when `runFor` says time has passed. */
export async function stopPageClock(page: Page): Promise<void> {
  // The page's time runs on until the call arrives; however late it arrives, a minute ahead is in the future.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 60_000))
}

/** Types `text` into `field` one key at a time, KEY_GAP_MS apart on the stopped page clock. */
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
