import { describe, expect, it, vi } from 'vitest'
import { effectiveConnection } from '../../api/connection-in-use'
import { loadExplorerConfig } from './explorer-config'
import { loadConnection, saveConnection } from './storage'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size
    },
  }
}

describe('connection settings', () => {
  it('keeps a saved connection and forgets one saved without a key', () => {
    const storage = memoryStorage()
    saveConnection({ baseUrl: 'https://x.test', apiKey: 'k' }, storage)
    expect(loadConnection(storage)).toEqual({ baseUrl: 'https://x.test', apiKey: 'k' })
    saveConnection({ baseUrl: 'https://x.test', apiKey: '' }, storage)
    expect(loadConnection(storage)).toBeNull()
  })

  it('reads garbage in storage as nothing saved', () => {
    const storage = memoryStorage()
    storage.setItem('catalogue-explorer.connection', '{not json')
    expect(loadConnection(storage)).toBeNull()
  })

  it('uses the saved connection first, then the demo key on this site, else none', () => {
    const saved = { baseUrl: 'https://x.test', apiKey: 'mine' }
    expect(effectiveConnection(saved, 'demo')).toEqual(saved)
    expect(effectiveConnection(null, 'demo')).toEqual({ baseUrl: '', apiKey: 'demo' })
    expect(effectiveConnection(null, null)).toBeNull()
  })

  it('reads the run-time config, and treats a missing or malformed one as "no demo key"', async () => {
    const answering = (response: Response | Error) =>
      vi.fn(async () => {
        if (response instanceof Error) throw response
        return response
      })
    expect(await loadExplorerConfig(answering(Response.json({ demoKey: 'abc' })))).toEqual({ demoKey: 'abc' })
    expect(await loadExplorerConfig(answering(new Response('nope', { status: 404 })))).toEqual({
      demoKey: null,
    })
    expect(await loadExplorerConfig(answering(Response.json({ demoKey: 5 })))).toEqual({ demoKey: null })
    expect(await loadExplorerConfig(answering(new TypeError('offline')))).toEqual({ demoKey: null })
  })
})
