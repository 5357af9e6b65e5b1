// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { createClient } from '../api/client'
import type { ConnectionStore } from '../api/connection-in-use'
import { indexCompleteness } from '../catalogue-index/client/index-completeness'
import { appRoutes } from './router'

/** A service of 126 locations (7 pages): every page after the last is answered 404, as the service does. */
const fetchCatalogue = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://catalogue.test')
  const page = Number(url.searchParams.get('page') ?? '1')
  if (page > 7) return Response.json({ error: 'There is nothing here' }, { status: 404 })
  return Response.json({ info: { count: 126, pages: 7, next: null, prev: null }, results: [] })
})

const CONNECTED = { baseUrl: '', apiKey: 'k' }

function storeWith(connected: boolean): ConnectionStore {
  const client = connected ? createClient(CONNECTED, fetchCatalogue) : null
  return {
    config: Promise.resolve({ demoKey: null }),
    saved: () => null,
    inUse: () => (connected ? CONNECTED : null),
    client: async () => client,
    clientFor: () => client,
    save: () => {},
    subscribe: () => () => {},
  }
}

async function open(address: string, connected = true) {
  const router = createMemoryRouter(
    appRoutes({ queryClient: new QueryClient(), connections: storeWith(connected) }),
    { initialEntries: ['/episodes', address], initialIndex: 1 },
  )
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 })
  const { pathname, search } = router.state.location
  return { address: `${pathname}${search}`, action: router.state.historyAction, router }
}

describe('the loaders correct addresses with history replace', () => {
  it.each([
    ['/locations?page=abc', '/locations'],
    ['/locations?page=0&name=a', '/locations?name=a'],
    ['/locations?name=a&name=b', '/locations?name=a'],
    ['/locations?page=9', '/locations?page=7'],
    ['/locations?name=x&page=99999', '/locations?name=x&page=7'],
    ['/locations/1,1,1', '/locations/1'],
    ['/episodes/[4]', '/episodes/4'],
    ['/', '/locations'],
  ])('%s becomes %s', async (from, to) => {
    const { address, action, router } = await open(from)
    expect(address).toBe(to)
    expect(action).toBe('REPLACE')
    // Replaced, not added: the entry before it is still the one before.
    await router.navigate(-1)
    expect(router.state.location.pathname).toBe('/episodes')
  })

  it('leaves a canonical address as it is', async () => {
    const { address, action } = await open('/locations?name=a&page=3')
    expect(address).toBe('/locations?name=a&page=3')
    expect(action).toBe('POP')
  })

  it('sends a visit without a key to the settings, with the way back', async () => {
    const { address, action } = await open('/locations?name=x&page=2', false)
    expect(address).toBe(`/settings?from=${encodeURIComponent('/locations?name=x&page=2')}`)
    expect(action).toBe('REPLACE')
  })
})

describe('a change of view that the complete index answers', () => {
  /** The navigation states the router went through on its way to `to`. */
  async function statesOnTheWay(from: string, to: string, indexComplete: boolean) {
    const { router } = await open(from)
    indexCompleteness.seen(CONNECTED, indexComplete, 1)
    const states: string[] = []
    const stop = router.subscribe((state) => states.push(state.navigation.state))
    await router.navigate(to)
    stop()
    indexCompleteness.seen(CONNECTED, false)
    return { states, address: `${router.state.location.pathname}${router.state.location.search}` }
  }

  it.each([
    ['a sort', '/locations?_sort=name', '/locations?_sort_desc=name'],
    ['a facet value', '/locations', '/locations?type__exact=Planet'],
    ['a range', '/locations?_sort=name', '/locations?_sort=name&residents__gte=2'],
  ])('moves to %s at once, with no loading between', async (_, from, to) => {
    const { states, address } = await statesOnTheWay(from, to, true)
    expect(address).toBe(to)
    expect(states).not.toContain('loading')
  })

  it.each([['a filter, which the service answers', '/locations?_sort=name', '/locations?name=a']])(
    'still loads %s',
    async (_, from, to) => {
      const { states, address } = await statesOnTheWay(from, to, true)
      expect(address).toBe(to)
      expect(states).toContain('loading')
    },
  )

  it('still loads a view while the index is not complete, and corrects an address it would not write', async () => {
    expect((await statesOnTheWay('/locations', '/locations?_sort=name', false)).states).toContain('loading')
    const corrected = await statesOnTheWay('/locations', '/locations?_sort=name&page=abc', true)
    expect(corrected.address).toBe('/locations?_sort=name')
  })
})
