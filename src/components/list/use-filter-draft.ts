import { useEffect, useRef, useState } from 'react'
import { activeFilters, emptyFilters } from '../../lib/list-url'
import { useLatest } from '../../lib/use-latest'

/** How long typing pauses before the URL (and so the results) follow it. The only debounce in the app. */
export const TYPING_DEBOUNCE_MS = 300

export type WriteHow = 'typing' | 'commit'

const sameFilters = <F extends string>(a: Record<F, string>, b: Record<F, string>) =>
  JSON.stringify(activeFilters(a)) === JSON.stringify(activeFilters(b))

/**
 * What the filter fields show while a person types. The URL stays the source of truth: the draft follows it
 * whenever it changes from outside (back, forward, a link), and typing is written to it once typing pauses.
 */
export function useFilterDraft<F extends string>(
  fromUrl: Record<F, string>,
  write: (filters: Record<F, string>, how: WriteHow) => void,
) {
  const [draft, setDraft] = useState(fromUrl)
  const latestDraft = useLatest(draft)
  const latestWrite = useLatest(write)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const urlKey = JSON.stringify(activeFilters(fromUrl))
  const latestFromUrl = useLatest(fromUrl)

  // What this form last wrote, until the URL shows it. The URL follows typing in a transition, so more may
  // have been typed by the time it arrives: that arrival must not take the newer keystrokes away.
  const written = useRef<string | null>(null)

  // The URL changed from outside (back, forward, a link, the empty state's Clear filters): the fields follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's filters change, read via refs.
  useEffect(() => {
    if (urlKey === written.current) {
      written.current = null
      return
    }
    if (sameFilters(latestDraft.current, latestFromUrl.current)) return
    clearTimeout(timer.current)
    timer.current = undefined
    setDraft(latestFromUrl.current)
  }, [urlKey])

  function send(filters: Record<F, string>, how: WriteHow) {
    const key = JSON.stringify(activeFilters(filters))
    if (key !== JSON.stringify(activeFilters(latestFromUrl.current))) written.current = key
    latestWrite.current(filters, how)
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  function change(name: F, value: string) {
    const next = { ...latestDraft.current, [name]: value }
    latestDraft.current = next
    setDraft(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = undefined
      send(latestDraft.current, 'typing')
    }, TYPING_DEBOUNCE_MS)
  }

  function commit() {
    clearTimeout(timer.current)
    timer.current = undefined
    send(latestDraft.current, 'commit')
  }

  function clear() {
    const empty = emptyFilters(Object.keys(latestDraft.current) as F[])
    latestDraft.current = empty
    setDraft(empty)
    clearTimeout(timer.current)
    timer.current = undefined
    send(empty, 'commit')
  }

  return { draft, change, commit, clear }
}
