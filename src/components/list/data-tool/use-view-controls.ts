import { useMemo, useState } from 'react'
import type { Column, Facet } from '../../../catalogue'
import type { DataViewUrlState, RangeText } from '../../../catalogue/views/parameters'
import type { ListUrlState } from '../../../lib/list-url'
import { useLatest } from '../../../lib/page/use-latest'
import { shownFields } from '../list-columns'
import { type Choice, facetChoiceLabel, rangeChoiceLabel } from './ChosenValues'

type Viewed = {
  columns: readonly Column<never>[]
  facets: readonly Pick<Facet<never>, 'name' | 'label'>[]
}

/**
 * The data tool's controls of a list: what they show, and the changes they write to the address (a change of
 * the view's choices starts again at page 1; a change of columns keeps the page).
 * The view a control shows is the one just asked for, until the address says it (the data router changes the
 * address once its loader has run, and a checkbox that waited for it would flicker); a later address wins.
 */
export function useViewControls<F extends string>(
  collection: Viewed,
  asked: Required<ListUrlState<F>>,
  search: string,
  write: (next: ListUrlState<F>) => void,
) {
  const [written, setWritten] = useState<{ over: string; view: DataViewUrlState } | null>(null)
  const shown = written?.over === search ? written.view : asked.view

  const writeView = (next: Partial<DataViewUrlState>, keepPage = false) => {
    const view = { ...shown, ...next }
    setWritten({ over: search, view })
    write({ filters: asked.filters, page: keepPage ? asked.page : 1, view })
  }
  const toggleFacet = (facet: string, value: string) => {
    const values = shown.facets[facet] ?? []
    const next = values.includes(value) ? values.filter((chosen) => chosen !== value) : [...values, value]
    const facets = { ...shown.facets, [facet]: next }
    if (next.length === 0) delete facets[facet]
    writeView({ facets })
  }
  const setRange = (field: string, range: RangeText) => {
    const ranges = { ...shown.ranges, [field]: range }
    if (range.from === '' && range.to === '') delete ranges[field]
    writeView({ ranges })
  }
  const sortBy = (field: string) => {
    const sort = shown.sort
    writeView({ sort: { field, descending: sort?.field === field ? !sort.descending : false } })
  }
  const defaultColumns = shownFields(collection.columns, null)
  const setColumns = (fields: string[]) =>
    writeView({ columns: fields.join() === defaultColumns.join() ? null : fields }, true)
  const removeChoices = () => writeView({ facets: {}, ranges: {} })

  /** The facet values and ranges chosen, each removable on its own. */
  const choices: Choice[] = [
    ...collection.facets.flatMap((facet) =>
      (shown.facets[facet.name] ?? []).map((value) => ({
        key: `${facet.name}=${value}`,
        label: facetChoiceLabel(facet.label, value),
        remove: () => toggleFacet(facet.name, value),
      })),
    ),
    ...collection.columns.flatMap((column) => {
      const range = shown.ranges[column.field]
      return range
        ? [
            {
              key: `${column.field}:range`,
              label: rangeChoiceLabel(column.label, range),
              remove: () => setRange(column.field, { from: '', to: '' }),
            },
          ]
        : []
    }),
  ]

  // The same functions from render to render (they run on events only), so that the memoised facets, ranges
  // and headers are not rendered again for new closures.
  const latest = useLatest({ toggleFacet, setRange, sortBy, setColumns, removeChoices })
  const stable = useMemo(
    () => ({
      toggleFacet: (facet: string, value: string) => latest.current.toggleFacet(facet, value),
      setRange: (field: string, range: RangeText) => latest.current.setRange(field, range),
      sortBy: (field: string) => latest.current.sortBy(field),
      setColumns: (fields: string[]) => latest.current.setColumns(fields),
      removeChoices: () => latest.current.removeChoices(),
    }),
    [latest],
  )

  return { shown, choices, ...stable }
}
