// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FacetPanel } from './FacetPanel'

afterEach(cleanup)

const facets = [
  { name: 'type', label: 'Type' },
  { name: 'dimension', label: 'Dimension' },
]

describe('the facet panel of a view the service answered', () => {
  it('says "not counted" beside a facet the service could not count in time, still listing its chosen values', () => {
    render(
      <FacetPanel
        facets={facets}
        counts={[
          {
            name: 'type',
            label: 'Type',
            values: [
              { value: 'Planet', count: 12, chosen: false },
              { value: 'Moon', count: 3, chosen: false },
            ],
            counted: true,
          },
          {
            name: 'dimension',
            label: 'Dimension',
            values: [{ value: 'C-137', count: null, chosen: true }],
            counted: false,
            truncated: true,
          },
        ]}
        chosen={{ dimension: ['C-137'] }}
        onToggle={() => undefined}
        status={null}
        countedBy="service"
      />,
    )
    const dimension = screen.getByRole('group', { name: /^Dimension\s*\(not counted\)$/ })
    expect(within(dimension).getByRole<HTMLInputElement>('checkbox', { name: 'C-137' }).checked).toBe(true)
    const type = screen.getByRole('group', { name: 'Type' })
    expect(within(type).getByRole<HTMLInputElement>('checkbox', { name: /^Planet\s*\(12\)$/ }).checked).toBe(
      false,
    )
    expect(screen.getByText('Counted by the catalogue service.')).toBeTruthy()
  })

  it('gives each value its whole text as a title, for a value cut on a wide screen', () => {
    render(
      <FacetPanel
        facets={facets.slice(1)}
        counts={[
          {
            name: 'dimension',
            label: 'Dimension',
            values: [{ value: 'Post-Apocalyptic Dimension', count: 4, chosen: false }],
            counted: true,
          },
        ]}
        chosen={{}}
        onToggle={() => undefined}
        status={null}
        countedBy="service"
      />,
    )
    expect(screen.getByTitle('Post-Apocalyptic Dimension')).toBeTruthy()
  })
})

describe('facets the service could not count in time, nothing chosen', () => {
  it('say so, never that the results hold no value, and Count again asks the service again', async () => {
    const recount = vi.fn()
    render(
      <FacetPanel
        facets={facets}
        counts={facets.map(({ name, label }) => ({
          name,
          label,
          values: [],
          counted: false,
          truncated: true,
        }))}
        chosen={{}}
        onToggle={() => undefined}
        status={null}
        countedBy="service"
        onRecount={recount}
      />,
    )
    for (const name of ['Type', 'Dimension']) {
      const facet = screen.getByRole('group', { name: new RegExp(`^${name}\\s*\\(not counted\\)$`) })
      expect(within(facet).getByText('Not counted in time.')).toBeTruthy()
    }
    expect(screen.queryByText(/among these results/)).toBeNull()
    expect(screen.queryByText('Counted by the catalogue service.')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Count again' }))
    expect(recount).toHaveBeenCalledOnce()
  })
})

describe('the facet panel of a view the complete index answered', () => {
  it('dates its counts as the offline banner dates the index ("09:41, 23 Nov")', () => {
    const builtAt = new Date(2026, 10, 23, 9, 41).getTime()
    render(
      <FacetPanel
        facets={facets.slice(0, 1)}
        counts={[
          {
            name: 'type',
            label: 'Type',
            values: [{ value: 'Planet', count: 12, chosen: false }],
            counted: true,
          },
        ]}
        chosen={{}}
        onToggle={() => undefined}
        status={{
          collections: [],
          complete: true,
          updatedAt: builtAt,
          building: false,
          catalogueVersion: null,
        }}
      />,
    )
    expect(screen.getByText('Counted from the catalogue index of 09:41, 23 Nov.')).toBeTruthy()
  })
})
