// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SelectionActions } from './SelectionActions'

afterEach(cleanup)

/** The hint, when it is shown (it keeps its room, unseen, once two are ticked). */
const hint = () => {
  const text = screen.queryByText('Tick two or more to compare them.')
  return text && text.style.visibility !== 'hidden' ? text : null
}
const clear = () => screen.queryByRole('button', { name: 'Clear selection' })
const compare = () => screen.getByRole('button', { name: /^Compare selected/ })

/** Two rows ticked, as a list holds them: Clear selection drops the ticks. */
function Ticked() {
  const [ids, setIds] = useState<number[]>([3, 7])
  return <SelectionActions ids={ids} onClear={() => setIds([])} onCompare={vi.fn()} />
}

describe('selection actions', () => {
  it('with nothing ticked: the hint, and nothing to clear or compare', () => {
    render(<SelectionActions ids={[]} onClear={vi.fn()} onCompare={vi.fn()} />)
    expect(hint()).not.toBeNull()
    expect(clear()).toBeNull()
    expect(compare()).toHaveProperty('disabled', true)
  })

  it('with one tick (perhaps on another page): a way to drop it, and Compare still says what it waits for', async () => {
    const onClear = vi.fn()
    render(<SelectionActions ids={[7]} onClear={onClear} onCompare={vi.fn()} />)
    expect(hint()).toBeNull()
    expect(compare()).toHaveProperty('disabled', true)
    expect(compare().getAttribute('aria-describedby')).toBe(
      screen.getByText('Tick two or more to compare them.').id,
    )
    await userEvent.click(clear() as HTMLElement)
    expect(onClear).toHaveBeenCalledOnce()
  })

  it('with two or more: compare them', async () => {
    const onCompare = vi.fn()
    render(<SelectionActions ids={[3, 7]} onClear={vi.fn()} onCompare={onCompare} />)
    expect(hint()).toBeNull()
    expect(compare().textContent).toBe('Compare selected (2)')
    await userEvent.click(compare())
    expect(onCompare).toHaveBeenCalledOnce()
  })

  it('keeps focus in the compare bar when Clear selection goes away with the ticks', async () => {
    render(<Ticked />)
    const user = userEvent.setup()
    await user.click(clear() as HTMLElement)
    expect(clear()).toBeNull()
    // Not lost to the page, which would send a keyboard user back to its start.
    expect(document.activeElement).not.toBe(document.body)
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Ticked rows' }))
  })
})
