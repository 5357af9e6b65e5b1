import type { ApiRecord, CollectionView, FilterName, RecordOf } from '../../catalogue'
import type { CollectionQueries } from '../../lib/page/collection-queries'
import type { Field } from './FieldList'

/** How one of a record page's fields reads, where the plain value would not do: one or more terms. */
export type FieldPresenter<R> = (record: R, label: string) => Field[]

/** What a collection's record page adds to the collection's definition: how some fields are shown. */
export type RecordConfig<R extends ApiRecord, F extends string> = {
  collection: CollectionView<R, F>
  queries: CollectionQueries<R, F>
  /** Fields shown other than as their plain value (dates, codes); the others need nothing. */
  present?: { [K in keyof R]?: FieldPresenter<R> }
  /**
   * Records of other collections sharing this record's characters, from the catalogue index: the heading of
   * each shown, by collection name ("Episodes its residents appear in").
   */
  related?: Readonly<Record<string, string>>
}

/** The record config of a defined collection: `RecordConfigOf<typeof locations>`. */
export type RecordConfigOf<C> = RecordConfig<RecordOf<C>, FilterName<C>>
