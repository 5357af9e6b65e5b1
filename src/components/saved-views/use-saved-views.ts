import { useMemo, useSyncExternalStore } from 'react'
import { type SavedView, savedViewsStore } from './saved-views-store'

const NONE: readonly SavedView[] = []

/** The views saved of one list, oldest first, kept up to date with this tab's and other tabs' changes. */
export function useSavedViews(listPath: string): readonly SavedView[] {
  const store = savedViewsStore()
  const all = useSyncExternalStore(store.subscribe, store.views, () => NONE)
  return useMemo(() => all.filter((view) => view.listPath === listPath), [all, listPath])
}
