import { useSyncExternalStore } from 'react'
import { indexSupported } from '../client/index-support'

export { indexSupported } from '../client/index-support'

const unchanging = () => () => undefined
const notKnownYet = () => null

/**
 * `indexSupported()` for a render: null (not known yet) in the service's render of a first view and while the
 * browser hydrates it, so that the HTML matches; then this browser's answer.
 */
export function useIndexSupport(): boolean | null {
  return useSyncExternalStore<boolean | null>(unchanging, indexSupported, notKnownYet)
}

/** Whether the index can be used in this render: false until known (see `useIndexSupport`). */
export const useIndexSupported = (): boolean => useIndexSupport() === true
