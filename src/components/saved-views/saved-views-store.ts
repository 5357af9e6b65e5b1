import { z } from 'zod/mini'

/**
 * The views a person named, kept in this browser: `{ version: 1, views: [...] }` as JSON under a versioned
 * key, so that a later shape gets a key of its own. Whatever else is found there (bad JSON, another program's
 * data, entries of the wrong shape) is read as no view, entry by entry, and never throws.
 */
export const SAVED_VIEWS_KEY = 'catalogue-explorer.saved-views.v1'
export const MAX_VIEW_NAME = 80

export type SavedView = {
  /** The list's path (`/locations`): a view belongs to one list. */
  listPath: string
  name: string
  /** The list's search string without its page: `?type=planet&_sort=name`, or ''. */
  search: string
  /** When it was last saved (ms since the epoch). */
  savedAt: number
}

const StoredView = z.object({
  listPath: z.string(),
  name: z.string(),
  search: z.string(),
  savedAt: z.number(),
})

/** The view of a list a search string shows: all of it but the page, in a form safe to append to a path. */
export function viewSearch(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('page')
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** A name as kept: spaces at either end dropped, at most MAX_VIEW_NAME characters; '' is no name. */
export function viewName(text: string): string {
  return text.trim().slice(0, MAX_VIEW_NAME)
}

/** The views kept in this text (a stored value), the readable ones only. */
export function parseViews(text: string | null): SavedView[] {
  if (!text) return []
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return []
  }
  if (typeof data !== 'object' || data === null || !('version' in data) || data.version !== 1) return []
  const entries = 'views' in data && Array.isArray(data.views) ? data.views : []
  const views: SavedView[] = []
  const seen = new Set<string>()
  for (const entry of entries) {
    const parsed = StoredView.safeParse(entry)
    if (!parsed.success) continue
    const name = viewName(parsed.data.name)
    const key = JSON.stringify([parsed.data.listPath, name])
    if (name === '' || !parsed.data.listPath.startsWith('/') || seen.has(key)) continue
    seen.add(key)
    views.push({ ...parsed.data, name, search: viewSearch(parsed.data.search) })
  }
  return views
}

/** Where another tab's writes are heard: the window's storage event. */
type StorageEvents = {
  addEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key'>) => void): void
  removeEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key'>) => void): void
}

export type SaveOutcome = 'saved' | 'replaced' | 'failed'

export type SavedViewsStore = {
  /** Every kept view, the same array until the stored text changes (for useSyncExternalStore). */
  views(): readonly SavedView[]
  /** Keeps a view; a view of that list with that name is replaced. */
  save(view: Omit<SavedView, 'savedAt'>): SaveOutcome
  remove(listPath: string, name: string): void
  /** Told of every change, in this tab and (through the storage event) in this browser's other tabs. */
  subscribe(listener: () => void): () => void
}

/** The store over a Storage (localStorage in the browser); without one, views live for the visit only. */
export function createSavedViewsStore(
  storage: Storage | undefined,
  events: StorageEvents | undefined,
  now: () => number = Date.now,
): SavedViewsStore {
  let text: string | null = null
  let views: readonly SavedView[] = []
  let memory: string | null = null
  const listeners = new Set<() => void>()

  const read = () => {
    let next: string | null
    try {
      next = storage ? storage.getItem(SAVED_VIEWS_KEY) : memory
    } catch {
      next = null
    }
    if (next !== text) {
      views = parseViews(next)
      text = next
    }
    return views
  }
  const write = (next: readonly SavedView[]) => {
    const value = JSON.stringify({ version: 1, views: next })
    if (storage) {
      try {
        storage.setItem(SAVED_VIEWS_KEY, value)
      } catch {
        // Full or disabled: nothing was kept, and the person is told.
        return false
      }
    } else memory = value
    for (const listener of listeners) listener()
    return true
  }
  const onStorage = (event: Pick<StorageEvent, 'key'>) => {
    // A key of null: the whole storage was cleared.
    if (event.key === SAVED_VIEWS_KEY || event.key === null) for (const listener of listeners) listener()
  }

  return {
    views: read,
    save(view) {
      const name = viewName(view.name)
      if (name === '' || !view.listPath.startsWith('/')) return 'failed'
      const current = read()
      const replaced = current.some((kept) => kept.listPath === view.listPath && kept.name === name)
      const others = current.filter((kept) => !(kept.listPath === view.listPath && kept.name === name))
      const saved = { listPath: view.listPath, name, search: viewSearch(view.search), savedAt: now() }
      if (!write([...others, saved])) return 'failed'
      return replaced ? 'replaced' : 'saved'
    },
    remove(listPath, name) {
      const current = read()
      const next = current.filter((kept) => !(kept.listPath === listPath && kept.name === name))
      if (next.length !== current.length) write(next)
    },
    subscribe(listener) {
      if (listeners.size === 0) events?.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) events?.removeEventListener('storage', onStorage)
      }
    },
  }
}

/** This browser's localStorage, or undefined where reading it throws (storage disabled). */
function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

let shared: SavedViewsStore | null = null

/** The one store of this page, over localStorage. */
export function savedViewsStore(): SavedViewsStore {
  shared ??= createSavedViewsStore(browserStorage(), typeof window === 'undefined' ? undefined : window)
  return shared
}
