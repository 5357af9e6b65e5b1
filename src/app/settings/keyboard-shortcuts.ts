import { useSyncExternalStore } from 'react'

/**
 * Whether single-key shortcuts (`/` opens the search) are on: on unless turned off in the settings (WCAG 2.1.4,
 * for speech input and for users who type keys by accident). Kept in this browser, like the connection.
 */
export const SHORTCUTS_STORAGE_KEY = 'catalogue-explorer.single-key-shortcuts'

const listeners = new Set<() => void>()

export function singleKeyShortcutsOn(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(SHORTCUTS_STORAGE_KEY) !== 'off'
  } catch {
    return true
  }
}

export function setSingleKeyShortcuts(on: boolean, storage: Storage | undefined = globalThis.localStorage) {
  try {
    if (on) storage?.removeItem(SHORTCUTS_STORAGE_KEY)
    else storage?.setItem(SHORTCUTS_STORAGE_KEY, 'off')
  } catch {
    // Storage may be full or disabled: the choice still holds for this visit's listeners.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // A change made in another tab.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHORTCUTS_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSingleKeyShortcuts(): boolean {
  // Rendered by the service: on, the default (the browser's own choice follows once it runs).
  return useSyncExternalStore(
    subscribe,
    () => singleKeyShortcutsOn(),
    () => true,
  )
}
