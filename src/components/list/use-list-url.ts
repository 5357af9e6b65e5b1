import { useCallback, useMemo } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router-dom'
import { type ListShape, type ListUrlState, listSearch, readListUrl } from '../../lib/list-url'

/** How a change reaches the URL: a pause in typing, or a committed change (Enter, leaving a field, paging). */
export type WriteHow = 'typing' | 'commit'

/**
 * A history entry made by typing is marked, so further typing replaces it instead of adding entries; it names
 * the entry it was written from, since a key pressed while the write lands was typed over that one. Settling it
 * (a commit once the URL already says it) replaces it too, under a new key: it records the key it had, since a
 * draft typed meanwhile into another field belongs to it still.
 */
type EntryState = { typing: true; from: string } | { sameAs: string } | null

const entryState = (state: unknown) => (state ?? null) as EntryState
const isTypingEntry = (state: unknown) => {
  const entry = entryState(state)
  return entry !== null && 'typing' in entry
}

/** Which entry a location is, for a draft: a settled typing entry is still the entry it settled. */
function entryId(location: { key: string; state: unknown }): string {
  const entry = entryState(location.state)
  return entry !== null && 'sameAs' in entry ? entry.sameAs : location.key
}

/** The entry a typing entry was written from, or null. */
function entryFrom(location: { state: unknown }): string | null {
  const entry = entryState(location.state)
  return entry !== null && 'from' in entry ? entry.from : null
}

/**
 * The list's state as held by the URL, and the one way to change it.
 * - `state`: what the committed URL says (what the rows on screen are for);
 * - `asked`: what the URL is about to say, while the router loads a new address of this list (else `state`),
 *   with its history key (and the key of the entry typing wrote it from): the form shows this, so it never
 *   lags behind what the user asked for;
 * - `write`: typing adds one history entry for the first pause of a burst and replaces it at later pauses;
 *   a commit adds an entry, or settles the typing entry when the URL already says it. So Back returns to the
 *   view before the change, never to half-typed text.
 */
export function useListUrl<F extends string>(list: ListShape<F>) {
  const location = useLocation()
  const navigation = useNavigation()
  const navigate = useNavigate()
  // Another address of this list on its way. Settling a typing entry (the same address again) is not: the
  // page stays as it is, so a click meanwhile (the Clear filters a field's blur settled for) lands.
  const pending =
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search
      ? navigation.location
      : null
  const state = useMemo(
    () => readListUrl(new URLSearchParams(location.search), list),
    [location.search, list],
  )
  const pendingSearch = pending?.search ?? null
  const asked = useMemo(
    () => (pendingSearch === null ? null : readListUrl(new URLSearchParams(pendingSearch), list)),
    [pendingSearch, list],
  )

  const write = useCallback(
    (next: ListUrlState<F>, how: WriteHow) => {
      const search = listSearch(next, list)
      // Already on its way (a second click before the first navigation has finished): nothing to add.
      if (pendingSearch !== null && search === pendingSearch) return
      const typingEntry = isTypingEntry(location.state)
      if (search === location.search) {
        if (how === 'commit' && typingEntry && pendingSearch === null) {
          const settled: EntryState = { sameAs: entryId(location) }
          navigate(
            { pathname: location.pathname, search },
            { replace: true, state: settled, preventScrollReset: true },
          )
        }
        return
      }
      const state: EntryState = how === 'typing' ? { typing: true, from: entryId(location) } : null
      // A committed change renders in the event that made it, not as a transition painted a frame later: a view
      // the complete index answers has no loader to wait for, and its question leaves with this render's effects.
      navigate(
        { pathname: location.pathname, search },
        { replace: typingEntry, state, preventScrollReset: true, flushSync: how === 'commit' },
      )
    },
    [list, navigate, location, pendingSearch],
  )

  return {
    state,
    /** Another address of this list is loading. */
    pending: pending !== null,
    asked: asked ?? state,
    askedKey: entryId(pending ?? location),
    askedFrom: entryFrom(pending ?? location),
    write,
  }
}
