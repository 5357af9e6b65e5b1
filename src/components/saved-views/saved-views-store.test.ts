import { describe, expect, it, vi } from 'vitest'
import { createSavedViewsStore, parseViews, SAVED_VIEWS_KEY, viewSearch } from './saved-views-store'

/** A Storage over a Map, as localStorage behaves in one tab; `full` makes every write throw. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  const storage = {
    full: false,
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => void items.delete(key),
    setItem(key: string, value: string) {
      if (storage.full) throw new DOMException('quota', 'QuotaExceededError')
      items.set(key, value)
    },
  }
  return storage
}

/** The window's storage events, raised by hand: what another tab's write raises in this one. */
function storageEvents() {
  type Listener = (event: { key: string | null }) => void
  const listeners = new Set<Listener>()
  return {
    addEventListener: (_type: 'storage', listener: Listener) => void listeners.add(listener),
    removeEventListener: (_type: 'storage', listener: Listener) => void listeners.delete(listener),
    dispatch(key: string | null) {
      for (const listener of listeners) listener({ key })
    },
  }
}

const stored = (views: unknown[]) => JSON.stringify({ version: 1, views })

describe('viewSearch', () => {
  it('keeps the whole view (filters, facets, ranges, sort, columns) and drops the page', () => {
    expect(
      viewSearch('?type=planet&page=3&type__exact=&type__exact=Planet&_sort_desc=residents&_col=name'),
    ).toBe('?type=planet&type__exact=&type__exact=Planet&_sort_desc=residents&_col=name')
    expect(viewSearch('?page=2')).toBe('')
    expect(viewSearch('')).toBe('')
  })

  it('always gives a search string, never another address', () => {
    expect(viewSearch('//evil.example/x')).toBe('?%2F%2Fevil.example%2Fx=')
  })
})

describe('parseViews', () => {
  it('reads nothing from bad, foreign or other-version JSON', () => {
    for (const text of [
      null,
      '',
      '{',
      'null',
      '42',
      '"x"',
      '[]',
      '{"views":[]}',
      stored([]).replace('1', '2'),
    ])
      expect(parseViews(text), String(text)).toEqual([])
  })

  it('keeps the readable entries and drops the others, one by one', () => {
    const good = { listPath: '/locations', name: ' Planets ', search: '?type=planet&page=4', savedAt: 5 }
    const views = parseViews(
      stored([
        good,
        null,
        { listPath: '/locations', name: 3, search: '', savedAt: 1 },
        { listPath: 'https://evil.example', name: 'Away', search: '', savedAt: 1 },
        { listPath: '/locations', name: '   ', search: '', savedAt: 1 },
        { ...good, search: '?other' },
      ]),
    )
    expect(views).toEqual([{ listPath: '/locations', name: 'Planets', search: '?type=planet', savedAt: 5 }])
  })
})

describe('the saved views store', () => {
  it('saves a view, keeps it in storage and reads it back in a new store', () => {
    const storage = memoryStorage()
    const store = createSavedViewsStore(storage, undefined, () => 7)
    expect(
      store.save({ listPath: '/locations', name: 'Planets', search: '?type__exact=Planet&page=2' }),
    ).toBe('saved')
    const again = createSavedViewsStore(storage, undefined)
    expect(again.views()).toEqual([
      { listPath: '/locations', name: 'Planets', search: '?type__exact=Planet', savedAt: 7 },
    ])
  })

  it('replaces a view saved again under the same name of the same list, and says so', () => {
    const store = createSavedViewsStore(memoryStorage(), undefined)
    store.save({ listPath: '/locations', name: 'Mine', search: '?type=a' })
    store.save({ listPath: '/episodes', name: 'Mine', search: '?name=b' })
    expect(store.save({ listPath: '/locations', name: 'Mine ', search: '?type=c' })).toBe('replaced')
    expect(store.views().map((view) => [view.listPath, view.search])).toEqual([
      ['/episodes', '?name=b'],
      ['/locations', '?type=c'],
    ])
  })

  it('refuses an empty name', () => {
    const store = createSavedViewsStore(memoryStorage(), undefined)
    expect(store.save({ listPath: '/locations', name: '  ', search: '' })).toBe('failed')
    expect(store.views()).toEqual([])
  })

  it('saves over foreign data kept under its key', () => {
    const storage = memoryStorage({ [SAVED_VIEWS_KEY]: '{"not":"ours"' })
    const store = createSavedViewsStore(storage, undefined)
    expect(store.views()).toEqual([])
    expect(store.save({ listPath: '/locations', name: 'A', search: '' })).toBe('saved')
    expect(store.views()).toHaveLength(1)
  })

  it('deletes a view of one list only', () => {
    const store = createSavedViewsStore(memoryStorage(), undefined)
    store.save({ listPath: '/locations', name: 'A', search: '' })
    store.save({ listPath: '/episodes', name: 'A', search: '' })
    store.remove('/locations', 'A')
    expect(store.views().map((view) => view.listPath)).toEqual(['/episodes'])
  })

  it('says a save failed when storage is full, and keeps what was there', () => {
    const storage = memoryStorage()
    const store = createSavedViewsStore(storage, undefined)
    store.save({ listPath: '/locations', name: 'A', search: '' })
    storage.full = true
    expect(store.save({ listPath: '/locations', name: 'B', search: '' })).toBe('failed')
    expect(store.views().map((view) => view.name)).toEqual(['A'])
  })

  it('gives the same array until the stored text changes', () => {
    const store = createSavedViewsStore(memoryStorage(), undefined)
    store.save({ listPath: '/locations', name: 'A', search: '' })
    expect(store.views()).toBe(store.views())
  })

  it('tells its listeners of a change in this tab and of one made in another tab', () => {
    const storage = memoryStorage()
    const events = storageEvents()
    const store = createSavedViewsStore(storage, events)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.save({ listPath: '/locations', name: 'Here', search: '' })
    expect(listener).toHaveBeenCalledTimes(1)

    // Another tab writes the same storage; this one hears of it through the storage event.
    const otherTab = createSavedViewsStore(storage, undefined)
    otherTab.save({ listPath: '/locations', name: 'There', search: '?type=x' })
    events.dispatch(SAVED_VIEWS_KEY)
    events.dispatch('something-else')
    expect(listener).toHaveBeenCalledTimes(2)
    expect(store.views().map((view) => view.name)).toEqual(['Here', 'There'])
    // Storage cleared in another tab.
    storage.clear()
    events.dispatch(null)
    expect(listener).toHaveBeenCalledTimes(3)
    expect(store.views()).toEqual([])

    unsubscribe()
    events.dispatch(SAVED_VIEWS_KEY)
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
