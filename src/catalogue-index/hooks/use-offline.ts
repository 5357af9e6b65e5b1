import { useSyncExternalStore } from 'react'
import { offlineSince, subscribeOffline } from '../client/offline-state'

export { setOffline } from '../client/offline-state'

/** The index's date while it answers because the service cannot be reached (the offline banner), or null. */
export function useOfflineAsOf(): number | null {
  return useSyncExternalStore(subscribeOffline, offlineSince, () => null)
}
