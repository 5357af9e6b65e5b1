import type { Location } from 'react-router-dom'
import { isAppPath } from '../../lib/app-path'

/**
 * What a page that cannot read the catalogue hands the settings page: where the user was (so a working key
 * brings them back there) and whether the service refused the key. Never the key itself.
 */
export type SettingsRedirect = { from: string; unauthorized: boolean }

export function settingsRedirect(location: Location, unauthorized: boolean): SettingsRedirect {
  return { from: `${location.pathname}${location.search}`, unauthorized }
}

export function readSettingsRedirect(state: unknown): SettingsRedirect | null {
  const redirect = state as Partial<SettingsRedirect> | null
  return isAppPath(redirect?.from)
    ? { from: redirect.from, unauthorized: redirect.unauthorized === true }
    : null
}
