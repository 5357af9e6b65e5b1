// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TYPING_DEBOUNCE_MS, useFilterDraft } from './use-filter-draft'

type Filters = Record<'name', string>

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup(initial: Filters) {
  const write = vi.fn()
  const hook = renderHook(({ fromUrl }: { fromUrl: Filters }) => useFilterDraft(fromUrl, write), {
    initialProps: { fromUrl: initial },
  })
  return { write, hook }
}

describe('the filter draft', () => {
  it('writes once typing pauses, with everything typed', () => {
    const { write, hook } = setup({ name: '' })
    act(() => hook.result.current.change('name', 'e'))
    act(() => hook.result.current.change('name', 'ea'))
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS - 1))
    expect(write).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(write).toHaveBeenCalledExactlyOnceWith({ name: 'ea' }, 'typing')
  })

  it('keeps keystrokes typed while the URL catches up with an earlier write', () => {
    const { write, hook } = setup({ name: '' })
    act(() => hook.result.current.change('name', 'ear'))
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    act(() => hook.result.current.change('name', 'eart'))
    hook.rerender({ fromUrl: { name: 'ear' } }) // the earlier write arrives late
    expect(hook.result.current.draft.name).toBe('eart')
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    expect(write).toHaveBeenLastCalledWith({ name: 'eart' }, 'typing')
  })

  it('follows the URL when it changes from outside, dropping a pending write', () => {
    const { write, hook } = setup({ name: 'moon' })
    act(() => hook.result.current.change('name', 'moons'))
    hook.rerender({ fromUrl: { name: 'earth' } }) // back or forward
    expect(hook.result.current.draft.name).toBe('earth')
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    expect(write).not.toHaveBeenCalled()
  })
})
