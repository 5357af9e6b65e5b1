// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RangeText } from '../../../catalogue/views/parameters'
import { TYPING_DEBOUNCE_MS } from '../use-filter-draft'
import { RangeFields } from './RangeFields'

const COLUMNS = [{ field: 'residents', label: 'Residents', kind: 'count', range: true }] as const

function renderWith(ranges: Record<string, RangeText>) {
  const onChange = vi.fn()
  const view = render(<RangeFields columns={COLUMNS} ranges={ranges} onChange={onChange} />)
  return {
    onChange,
    from: () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Residents from' }),
    address: (next: Record<string, RangeText>) =>
      view.rerender(<RangeFields columns={COLUMNS} ranges={next} onChange={onChange} />),
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('a range’s fields', () => {
  it('apply what is typed once typing pauses', () => {
    const { onChange, from } = renderWith({})
    fireEvent.change(from(), { target: { value: '3' } })
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS - 1))
    expect(onChange).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onChange).toHaveBeenCalledWith('residents', { from: '3', to: '' })
  })

  it('show a range the address gives (a saved view, Back) and never write it back, nor the one it replaced', () => {
    const { onChange, from, address } = renderWith({})
    // The address changes within the pause that follows the fields' first render.
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS / 2))
    address({ residents: { from: '1', to: '' } })
    expect(from().value).toBe('1')
    address({})
    expect(from().value).toBe('')
    act(() => vi.advanceTimersByTime(10 * TYPING_DEBOUNCE_MS))
    expect(onChange).not.toHaveBeenCalled()
  })

  it('leave a typed end to its pause when the address changes the other end meanwhile', () => {
    const { onChange, from, address } = renderWith({})
    fireEvent.change(from(), { target: { value: '3' } })
    address({ residents: { from: '', to: '9' } })
    expect(from().value).toBe('3')
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS))
    expect(onChange).toHaveBeenCalledWith('residents', { from: '3', to: '9' })
  })
})
