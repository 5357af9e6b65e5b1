import type { Page } from '@playwright/test'

/** The settings page: service address, API key, Test connection, Save, and what it answers. */
export function settingsView(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Settings', exact: true }),
    address: page.getByLabel('Service address', { exact: true }),
    key: page.getByLabel('API key', { exact: true }),
    test: page.getByRole('button', { name: 'Test connection' }),
    save: page.getByRole('button', { name: 'Save', exact: true }),
    connected: page.getByRole('status').filter({ hasText: /^Connected: / }),
    saved: page.getByRole('status').filter({ hasText: 'Settings saved.' }),
    alert: page.getByRole('alert'),
    demoHint: page.getByText('This service runs in demo mode; the demo key is filled in for you.'),
  }
}

export const KEY_REFUSED = 'The service did not accept the API key. Enter a valid key to continue.'

export function connectedText(locations: number, episodes: number): string {
  return `Connected: ${locations} locations and ${episodes} episodes.`
}
