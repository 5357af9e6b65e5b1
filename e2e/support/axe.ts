import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.1 levels A and AA, and WCAG 2.2 AA (target size: 24 by 24 px). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Lets colour transitions finish, so contrast is measured on the colours a reader ends up seeing. A transition
 * replaced by a newer one (the page re-rendered meanwhile) is cancelled, and its `finished` rejects: that one
 * is over too.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)))
  })
}

/** The rules whose outcome depends on the colours: the only ones that can differ in the dark scheme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Checks the page as it is now and expects no WCAG 2.2 A/AA violation: every rule in the light colour scheme,
 * and the colour rules again in the dark one (axe is slow on a busy machine; the other rules give the same
 * answer in both). Each violation is reported with the rule, its impact and the first elements hit.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await settle(page)
    const axe = new AxeBuilder({ page })
    const { violations } = await (colorScheme === 'light'
      ? axe.withTags(WCAG_22_AA)
      : axe.withRules(COLOUR_RULES)
    ).analyze()
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
