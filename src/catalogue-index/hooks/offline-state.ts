import { useSyncExternalStore } from 'react'

/** Set while answers come from the index because the service cannot be reached: the index's date. */
let offlineAsOf: number | null = null
const listeners = new Set<() => void>()

export function setOffline(asOf: number | null) {
  if (offlineAsOf === asOf) return
  offlineAsOf = asOf
  for (const listener of listeners) listener()
}

export function useOfflineAsOf(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => offlineAsOf,
    () => null,
  )
}
