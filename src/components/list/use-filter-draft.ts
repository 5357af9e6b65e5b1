import { useEffect, useEffectEvent, useState } from 'react'
import { emptyFilters } from '../../lib/list-url'
import type { WriteHow } from './use-list-url'

/** How long typing pauses before the URL (and so the results) follow it; "add by name" on a comparison waits as long. */
export const TYPING_DEBOUNCE_MS = 300

/**
 * What the filter fields show. The URL is the state: a draft exists only while the user types, and belongs to
 * the URL it was typed over (`urlKey`, a history entry's key). When typing pauses the draft is written to the
 * URL and dropped, and the fields show the URL again (already the new one while it loads). When the URL moves
 * elsewhere meanwhile (Back, a link), the draft no longer belongs to it and its pending write is cancelled.
 */
export function useFilterDraft<F extends string>(
  fromUrl: Record<F, string>,
  urlKey: string,
  write: (filters: Record<F, string>, how: WriteHow) => void,
) {
  const [draft, setDraft] = useState<{ at: string; values: Record<F, string> } | null>(null)
  const typed = draft?.at === urlKey ? draft.values : null
  const values = typed ?? fromUrl

  const writeTyped = useEffectEvent((filters: Record<F, string>) => {
    setDraft(null)
    write(filters, 'typing')
  })
  useEffect(() => {
    if (!typed) return
    const timer = setTimeout(() => writeTyped(typed), TYPING_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [typed])

  return {
    values,
    change(name: F, value: string) {
      setDraft((current) => ({
        at: urlKey,
        values: { ...(current?.at === urlKey ? current.values : fromUrl), [name]: value },
      }))
    },
    commit() {
      setDraft(null)
      write(values, 'commit')
    },
    clear() {
      setDraft(null)
      write(emptyFilters(Object.keys(values) as F[]), 'commit')
    },
    /** Forgets what is being typed, writing nothing (another write clears the address). */
    drop() {
      setDraft(null)
    },
  }
}
