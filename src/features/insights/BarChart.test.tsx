// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setReaderLocale } from '../../lib/format'
import { BarChart } from './BarChart'

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
    unobserve() {}
  }
  setReaderLocale('en-GB')
})
afterEach(cleanup)

function chart() {
  const element = (
    <BarChart
      title="Episodes over time"
      description="How many."
      category="Year"
      unit={{ singular: 'episode', plural: 'episodes' }}
      bars={[
        { label: '1975–1979', value: 16_062, href: '/episodes?air_date__gte=1975&air_date__lte=1979' },
        { label: '1980–1984', value: 7692 },
      ]}
    />
  )
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] })
  render(<RouterProvider router={router} />)
}

describe('a bar chart', () => {
  it('writes every number with the reader’s separators, on its bars, its scale and in its table', async () => {
    chart()
    const svg = document.querySelector('svg') as SVGElement
    expect(svg.textContent).toContain('16,062')
    expect(svg.textContent).toContain('7,692')
    expect(svg.textContent).not.toMatch(/\b16062\b/)
    // The scale's ticks too: 5,000, 10,000 …
    expect(svg.textContent).toMatch(/10,000/)
    expect(screen.getByRole('link', { name: '1975–1979: 16,062 episodes' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }))
    expect(screen.getByRole('cell', { name: '16,062' })).toBeTruthy()
  })
})
