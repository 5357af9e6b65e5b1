import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { type ListUrlState, readListUrl, writeListUrl } from '../../lib/list-url'
import { useLatest } from '../../lib/use-latest'
import type { WriteHow } from './use-filter-draft'

/** Marks a history entry made by typing, so further typing replaces it instead of adding entries. */
type EntryState = { typing: true } | null

/**
 * The list's state as held by the URL, and the one way to change it.
 * - typing: the first pause in a burst of typing adds one history entry, later pauses replace it;
 * - commit (Enter, leaving a field, clearing, paging): adds an entry, or settles the typing entry when the
 *   URL already says it. So back always returns to the view before the change, never to half-typed text;
 * - correct (a page beyond the last): replaces the entry in place.
 */
export function useListUrl<F extends string>(names: readonly F[]) {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const latestLocation = useLatest(location)
  const search = searchParams.toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is what the parameters hold.
  const state = useMemo(() => readListUrl(searchParams, names), [search, names])
  // The address last asked for, and from which history entry: a second click before the first navigation
  // has rendered (a double-click on Next) asks for the same address and must not add a second entry.
  const asked = useRef<{ from: string; target: string } | null>(null)
  // Once the location has moved on (the navigation arrived, or Back and Forward), the guard has done its job:
  // an entry's key comes back with Back, and the same address may then be asked for again.
  const entryKey = location.key
  useEffect(() => {
    if (asked.current && asked.current.from !== entryKey) asked.current = null
  }, [entryKey])

  const write = useCallback(
    (next: ListUrlState<F>, how: WriteHow | 'correct') => {
      const { pathname, search: current, state: entry, key } = latestLocation.current
      const typingEntry = (entry as EntryState)?.typing === true
      const target = writeListUrl(next, names).toString()
      if (asked.current?.from === key && asked.current.target === target) return
      const unchanged = `?${target}` === current || (target === '' && current === '')
      if (unchanged) {
        if (how === 'commit' && typingEntry)
          navigate({ pathname, search: target }, { replace: true, state: null })
        return
      }
      const newState: EntryState = how === 'typing' ? { typing: true } : null
      asked.current = { from: key, target }
      navigate({ pathname, search: target }, { replace: typingEntry || how === 'correct', state: newState })
    },
    [names, navigate, latestLocation],
  )

  return { state, write }
}
