import { useEffect, useEffectEvent, useState } from 'react'
import { emptyFilters } from '../../lib/list-url'
import type { WriteHow } from './use-list-url'

/** How long typing pauses before the URL (and so the results) follow it; "add by name" on a comparison waits as long. */
export const TYPING_DEBOUNCE_MS = 300

type Draft<F extends string> = {
  /** The history entry typed over. */
  at: string
  values: Record<F, string>
  /** Written, and shown until the page draws the address it was written to (never an entry's old value). */
  landing?: true
}

/**
 * What the filter fields show. The URL is the state: a draft exists only while the user types, and belongs to
 * the URL it was typed over (`urlKey`, a history entry's key). When typing pauses the draft is written to the
 * URL, shown until the page draws the new address, then dropped, and the fields show the URL again. When the URL
 * moves elsewhere meanwhile (Back, a link), the draft no longer belongs to it and its pending write is cancelled.
 * A key pressed while the pause's own write lands was typed over the entry written from (`urlFrom`) and is kept.
 */
export function useFilterDraft<F extends string>(
  fromUrl: Record<F, string>,
  urlKey: string,
  write: (filters: Record<F, string>, how: WriteHow) => void,
  urlFrom: string | null = null,
) {
  const [draft, setDraft] = useState<Draft<F> | null>(null)
  const belongs = (at: Draft<F>) => at.at === urlKey || (!at.landing && at.at === urlFrom)
  const shown = draft !== null && belongs(draft) ? draft : null
  const values = shown?.values ?? fromUrl
  const typed = shown?.landing ? null : (shown?.values ?? null)

  const writeTyped = useEffectEvent((filters: Record<F, string>) => {
    setDraft((current) => (current === null ? null : { ...current, landing: true }))
    write(filters, 'typing')
  })
  useEffect(() => {
    if (!typed) return
    const timer = setTimeout(() => writeTyped(typed), TYPING_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const landed = draft?.landing === true && draft.at !== urlKey
  useEffect(() => {
    // Not a key pressed meanwhile: that is a draft of its own.
    if (landed) setDraft((current) => (current?.landing && current.at !== urlKey ? null : current))
  }, [landed, urlKey])

  return {
    values,
    change(name: F, value: string) {
      setDraft((current) => ({
        at: urlKey,
        values: { ...(current !== null && belongs(current) ? current.values : fromUrl), [name]: value },
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
