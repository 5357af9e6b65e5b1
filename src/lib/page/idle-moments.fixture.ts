// Test code only: the browser's idle moments and timers, run when a test says so.
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Fakes `setTimeout` and the browser's idle callbacks for every test of the file that calls it. Returns
 * `runIdle`, which runs the callbacks waiting for an idle moment: the test says when the main thread is idle.
 */
export function fakeIdleMoments(): { runIdle: () => void } {
  let idle: (() => void)[] = []
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    idle = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => {
      idle[handle - 1] = () => undefined
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  return {
    runIdle: () => {
      const waiting = idle
      idle = []
      for (const callback of waiting) callback()
    },
  }
}
