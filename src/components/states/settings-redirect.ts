import { isAppPath } from '../../lib/app-path'

/**
 * What a page that cannot read the catalogue hands the settings page, in its address: where the user was
 * (so a working key brings them back there) and whether the service refused the key. Never the key itself.
 * In the address rather than in history state, so a loader's redirect can carry it.
 */
export type SettingsRedirect = { from: string; unauthorized: boolean }

export const SETTINGS_PATH = '/settings'

export function settingsPath(from: string, unauthorized: boolean): string {
  const params = new URLSearchParams({ from })
  if (unauthorized) params.set('refused', '1')
  return `${SETTINGS_PATH}?${params}`
}

export function readSettingsRedirect(search: URLSearchParams): SettingsRedirect | null {
  const from = search.get('from')
  return isAppPath(from) ? { from, unauthorized: search.get('refused') === '1' } : null
}
