import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.1 levels A and AA, and WCAG 2.2 AA (target size: 24 by 24 px). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Lets colour transitions finish, so contrast is measured on the colours a reader ends up seeing. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
}

/**
 * Checks the page as it is now, in the light and the dark colour scheme, and expects no WCAG 2.2 A/AA
 * violation in either. Each violation is reported with the rule, its impact and the first elements hit.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await settle(page)
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
    const readable = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    )
    expect(readable, `axe violations on ${state}, ${colorScheme} scheme`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: null })
}
