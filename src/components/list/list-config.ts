import type { ApiRecord, CollectionView, FilterName, RecordOf } from '../../catalogue'
import type { CollectionQueries } from '../../lib/page/collection-queries'
import type { FilterField } from './FilterForm'
import type { CellOverrides } from './list-columns'

/** What a collection's list page adds to the collection's definition: how some cells show, filter hints. */
export type ListConfig<R extends ApiRecord, F extends string> = {
  collection: CollectionView<R, F>
  queries: CollectionQueries<R, F>
  /** A hint under a filter field, where its label alone does not say what to type. */
  hints?: Partial<Record<F, string>>
  /** Cells shown otherwise than their column's kind says (see list-columns.tsx). */
  cells?: CellOverrides<R>
}

/** The list config of a defined collection: `ListConfigOf<typeof locations>`. */
export type ListConfigOf<C> = ListConfig<RecordOf<C>, FilterName<C>>

/** The filter form's fields of a list, in the contract's order, with their labels and hints. */
export function filterFields<F extends string>(
  collection: Pick<CollectionView<never, F>, 'filters' | 'filterLabels'>,
  hints: Partial<Record<F, string>> | undefined,
): FilterField<F>[] {
  return collection.filters.map((name) => ({
    name,
    label: collection.filterLabels[name],
    hint: hints?.[name],
  }))
}
