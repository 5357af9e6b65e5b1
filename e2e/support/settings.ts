import type { Page } from '@playwright/test'
import { STORAGE_KEY } from '../../src/app/connection/storage'
import { COLLECTIONS, type CollectionName, describeHoldings } from '../../src/catalogue'

/** The settings page: service address, API key, Test connection, Save, and what it answers. */
export function settingsView(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Settings', exact: true }),
    address: page.getByLabel('Service address', { exact: true }),
    key: page.getByLabel('API key', { exact: true }),
    test: page.getByRole('button', { name: 'Test connection' }),
    save: page.getByRole('button', { name: 'Save', exact: true }),
    connected: page.getByRole('status').filter({ hasText: /^Connected: / }),
    saved: page.getByRole('status').filter({ hasText: /^Settings saved\. Connected: / }),
    alert: page.getByRole('alert'),
    keyNeeded: page.getByText('Enter the API key of the catalogue service to start exploring.'),
    demoHint: page.getByText(
      "This site's service runs in demo mode: leave the address and the key empty to use its demo key.",
    ),
  }
}

export const KEY_REFUSED = 'The service did not accept the API key. Enter a valid key to continue.'

/** What a connection test says of a catalogue holding these many records of each collection (none: 0). */
export function connectedText(counts: Partial<Record<CollectionName, number>>): string {
  return `Connected: ${describeHoldings(COLLECTIONS.map(({ name, labels }) => ({ labels, count: counts[name] ?? 0 })))}.`
}

/**
 * A key this browser kept from an earlier visit, as the explorer keeps it: how a key that has since been
 * revoked comes to be in use. Written from a plain file of the site, before the explorer starts.
 */
export async function keptFromEarlierVisit(page: Page, apiKey: string): Promise<void> {
  await page.goto('/robots.txt')
  await page.evaluate(([name, value]) => localStorage.setItem(name, value), [
    STORAGE_KEY,
    JSON.stringify({ baseUrl: '', apiKey }),
  ] as const)
}
