import type { ReactNode } from 'react'
import { NotGiven } from '../NotGiven'

export type Field = { term: string; value: ReactNode }

export function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className="field-list">
      {fields.map((field) => (
        <div key={field.term} className="field-row">
          <dt>{field.term}</dt>
          <dd>{field.value === '' ? <NotGiven /> : field.value}</dd>
        </div>
      ))}
    </dl>
  )
}
