// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TYPING_DEBOUNCE_MS, useFilterDraft } from './use-filter-draft'

type Filters = Record<'name', string>
type Address = { fromUrl: Filters; urlKey: string; urlFrom?: string }

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup(initial: Filters) {
  const write = vi.fn()
  const hook = renderHook(
    ({ fromUrl, urlKey, urlFrom }: Address) => useFilterDraft(fromUrl, urlKey, write, urlFrom),
    { initialProps: { fromUrl: initial, urlKey: 'entry-1' } as Address },
  )
  return { write, hook }
}

describe('the filter draft', () => {
  it('writes once typing pauses, with everything typed, then shows the URL again', () => {
    const { write, hook } = setup({ name: '' })
    act(() => hook.result.current.change('name', 'e'))
    act(() => hook.result.current.change('name', 'ea'))
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS - 1))
    expect(write).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(write).toHaveBeenCalledExactlyOnceWith({ name: 'ea' }, 'typing')
    // The router shows the address being loaded: the fields read it.
    hook.rerender({ fromUrl: { name: 'ea' }, urlKey: 'entry-2' })
    expect(hook.result.current.values.name).toBe('ea')
  })

  it('keeps keystrokes typed while the new address loads, and writes them at the next pause', () => {
    const { write, hook } = setup({ name: '' })
    act(() => hook.result.current.change('name', 'ear'))
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    hook.rerender({ fromUrl: { name: 'ear' }, urlKey: 'entry-2' }) // the write is on its way
    act(() => hook.result.current.change('name', 'eart'))
    expect(hook.result.current.values.name).toBe('eart')
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    expect(write).toHaveBeenLastCalledWith({ name: 'eart' }, 'typing')
  })

  it('keeps a key pressed before the page has drawn the address its pause wrote', () => {
    const { write, hook } = setup({ name: '' })
    act(() => hook.result.current.change('name', 'moon'))
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    const typedBeforeTheDrawing = hook.result.current.change
    act(() => typedBeforeTheDrawing('name', 'moons'))
    hook.rerender({ fromUrl: { name: 'moon' }, urlKey: 'entry-2', urlFrom: 'entry-1' })
    expect(hook.result.current.values.name).toBe('moons')
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    expect(write).toHaveBeenLastCalledWith({ name: 'moons' }, 'typing')
  })

  it('follows the URL when it moves elsewhere, dropping the pending write', () => {
    const { write, hook } = setup({ name: 'moon' })
    act(() => hook.result.current.change('name', 'moons'))
    hook.rerender({ fromUrl: { name: 'earth' }, urlKey: 'entry-0' }) // back or forward
    expect(hook.result.current.values.name).toBe('earth')
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    expect(write).not.toHaveBeenCalled()
  })
})
