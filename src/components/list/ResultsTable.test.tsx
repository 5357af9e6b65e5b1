// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '../../catalogue'
import { type Column, ResultsTable } from './ResultsTable'

afterEach(cleanup)

type Thing = { id: number; name: string; kind: string }
const columns: Column<Thing>[] = [
  { header: 'Name', isName: true },
  { header: 'Kind', cell: (thing) => thing.kind, secondary: true },
]
const things: Thing[] = Array.from({ length: PAGE_SIZE }, (_, index) => ({
  id: index + 1,
  name: `Thing ${index + 1}`,
  kind: 'Plain',
}))

function table(rows: Thing[] | undefined) {
  return (
    <MemoryRouter>
      <ResultsTable
        caption="Things"
        columns={columns}
        rows={rows}
        busy={rows === undefined}
        hrefOf={(thing) => `/things/${thing.id}`}
        linkState={null}
        selected={new Set()}
        onToggle={() => {}}
      />
    </MemoryRouter>
  )
}

const bodyRows = () => Array.from(document.querySelectorAll('tbody tr'))

describe('results table while the first page loads', () => {
  it('holds a placeholder row for every row of a full page, so the rows do not push what follows', () => {
    render(table(undefined))
    expect(bodyRows()).toHaveLength(PAGE_SIZE)
  })

  it('puts the records in new rows: a placeholder row never becomes a record row, which the browser would count as a layout shift', () => {
    const { rerender } = render(table(undefined))
    const placeholders = new Set(bodyRows())
    rerender(table(things))
    expect(screen.getAllByRole('link')).toHaveLength(PAGE_SIZE)
    expect(bodyRows().filter((row) => placeholders.has(row))).toEqual([])
  })
})

describe('sortable headers', () => {
  const sortable: Column<Thing>[] = [
    { header: 'Name', isName: true, sortField: 'name' },
    { header: 'Kind', cell: (thing) => thing.kind, sortField: 'kind' },
  ]
  function sortableTable(
    sort: { field: string; descending: boolean } | null,
    onSort: (field: string) => void,
  ) {
    return (
      <MemoryRouter>
        <ResultsTable
          caption="Things"
          columns={sortable}
          rows={things}
          busy={false}
          hrefOf={(thing) => `/things/${thing.id}`}
          linkState={null}
          selected={new Set()}
          onToggle={() => {}}
          sort={sort}
          onSort={onSort}
        />
      </MemoryRouter>
    )
  }

  it('names each header’s button after its column and marks the sorted one with aria-sort', () => {
    const asked: string[] = []
    render(sortableTable({ field: 'kind', descending: true }, (field) => asked.push(field)))
    expect(screen.getByRole('columnheader', { name: 'Kind' }).getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: 'Name' }).hasAttribute('aria-sort')).toBe(false)
    screen.getByRole('button', { name: 'Name' }).click()
    expect(asked).toEqual(['name'])
  })

  it('has plain headers when the table is not sortable', () => {
    render(table(things))
    expect(screen.queryByRole('button', { name: 'Name' })).toBeNull()
  })
})
