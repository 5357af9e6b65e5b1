import type { RecordOf } from '../../api/client'
import type { CollectionName } from '../../catalogue'
import type { CollectionQueries } from '../../lib/collection-queries'
import type { Field } from './FieldList'

export type RecordConfig<C extends CollectionName> = {
  collection: C
  queries: CollectionQueries<C>
  /** Every field of a record, in a form a person reads. */
  fields: (record: RecordOf<C>) => Field[]
}
