// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeIdleMoments } from '../lib/page/idle-moments.fixture'
import { SETTLE_MS } from '../lib/page/page-idle'
import { pageCodeHandle, routeModule } from '../lib/page/route-module'
import { prefetchRouteCodeWhenIdle } from './prefetch-route-code'

const { runIdle } = fakeIdleMoments()
beforeEach(() => {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
})

let fetched: string[] = []
const page = (name: string) => () => {
  fetched.push(name)
  return new Promise<never>(() => undefined)
}
const records = routeModule(page('records'), { ahead: 'idle' })
const settings = routeModule(page('settings'))
const insights = routeModule(page('insights'), { ahead: false })

/** A router whose first page has loaded. */
const router = {
  routes: [
    { path: 'locations/:ids', handle: pageCodeHandle(records) },
    { path: 'settings', handle: pageCodeHandle(settings) },
    { path: 'insights', handle: pageCodeHandle(insights) },
  ],
  state: { initialized: true, navigation: { state: 'idle' } },
  subscribe: () => () => undefined,
}

describe('the other pages’ code', () => {
  beforeEach(() => {
    fetched = []
  })

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

  it('is fetched for the page a link leads to, and that page alone, when the pointer is over the link', () => {
    prefetchRouteCodeWhenIdle(router)
    document.body.innerHTML =
      '<a href="/insights"><span>Insights</span></a><a href="https://elsewhere.test/settings">x</a>'
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(fetched).toEqual(['insights'])
    document.querySelector('a[href^="https"]')?.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(fetched).toEqual(['insights']) // another site's link is not this app's page
  })
})
