import type { ApiRecord } from '../../catalogue'
import { formatCreated } from '../../lib/format'
import { CharacterNumbers } from './CharacterNumbers'
import type { Field } from './FieldList'
import type { RecordConfig } from './record-config'

/**
 * The fields a record page shows, in the order the collection's definition gives: its character links as
 * counted character numbers, `created` as a date, others as written, unless the page presents them itself.
 */
export function recordFields<R extends ApiRecord, F extends string>(
  config: RecordConfig<R, F>,
  record: R,
): Field[] {
  const { collection, present } = config
  const links = collection.characterLinks
  return collection.recordFields.flatMap(({ field, label }): Field[] => {
    const presenter = present?.[field]
    if (presenter) return presenter(record, label)
    const value: unknown = record[field]
    if (field === links.field && Array.isArray(value)) {
      const urls = value.filter((url) => typeof url === 'string')
      return [
        {
          term: label,
          value: (
            <CharacterNumbers
              urls={urls}
              singular={links.singular}
              plural={links.plural}
              listLabel={links.listLabel}
              backLabel={record.name}
            />
          ),
        },
      ]
    }
    if (field === 'created') {
      return [{ term: label, value: <time dateTime={record.created}>{formatCreated(record.created)}</time> }]
    }
    return [{ term: label, value: String(value) }]
  })
}
