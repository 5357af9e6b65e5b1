/** Set while answers come from the index because the service cannot be reached: the index's date. */
let offlineAsOf: number | null = null
const listeners = new Set<() => void>()

export function setOffline(asOf: number | null) {
  if (offlineAsOf === asOf) return
  offlineAsOf = asOf
  for (const listener of listeners) listener()
}

/** The index's date while it answers for the service, or null. */
export const offlineSince = (): number | null => offlineAsOf

/** Calls `listener` whenever that changes; returns how to stop. */
export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
