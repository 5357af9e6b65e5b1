// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SETTLE_MS } from '../lib/page-idle'
import { routeModule } from '../lib/route-module'
import { prefetchRouteCodeWhenIdle } from './prefetch-route-code'

/** The browser's idle callbacks, run by the test when it says the main thread is idle. */
let idle: (() => void)[] = []
const runIdle = () => {
  const waiting = idle
  idle = []
  for (const callback of waiting) callback()
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  idle = []
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = () => undefined
  })
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const fetched: string[] = []
const page = (name: string) => () => {
  fetched.push(name)
  return new Promise<never>(() => undefined)
}
routeModule(page('records'), { ahead: 'idle' })
routeModule(page('settings'))
routeModule(page('insights'), { ahead: false })

/** A router whose first page has loaded. */
const router = {
  state: { initialized: true, navigation: { state: 'idle' } },
  subscribe: () => () => undefined,
}

describe('the other pages’ code', () => {
  it('is fetched for a list’s records as soon as the page is idle, for the others once it has settled, and never for a page fetched only when visited', () => {
    const alsoPrefetch = vi.fn()
    prefetchRouteCodeWhenIdle(router, alsoPrefetch)
    vi.advanceTimersByTime(0)
    runIdle()
    // A reader may open a record at once: its page's code does not wait for the page to settle.
    expect(fetched).toEqual(['records'])
    for (let moment = 0; moment < 5; moment++) {
      vi.advanceTimersByTime(SETTLE_MS)
      runIdle()
    }
    expect(fetched).toEqual(['records', 'settings'])
    expect(alsoPrefetch).toHaveBeenCalledOnce()
  })
})
