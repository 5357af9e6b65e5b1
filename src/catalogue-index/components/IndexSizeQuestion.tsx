import { useEffect, useId, useRef } from 'react'
import { describeBytes } from './describe'

/**
 * Build the index asked about a large index (INDEX_CONFIRM_BYTES): how large it will be in this browser, and
 * whether to build it. Focus goes to the answer that builds it, where the user's Build the index was.
 */
export function IndexSizeQuestion({
  bytes,
  onBuild,
  onDismiss,
}: {
  bytes: number
  onBuild: () => void
  onDismiss: () => void
}) {
  const id = useId()
  const build = useRef<HTMLButtonElement>(null)
  useEffect(() => build.current?.focus(), [])
  const size = describeBytes(bytes)
  return (
    <div className="index-size-question">
      <p id={id}>
        The catalogue index will hold about {size} of records in this browser, which keeps them on this
        device. Build it?
      </p>
      <button
        ref={build}
        type="button"
        className="button button-secondary"
        aria-describedby={id}
        onClick={onBuild}
      >
        Build the index ({size})
      </button>
      <button type="button" className="button button-secondary" onClick={onDismiss}>
        Not now
      </button>
    </div>
  )
}
