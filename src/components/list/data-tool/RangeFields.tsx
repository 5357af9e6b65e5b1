import { type FormEvent, memo, useEffect, useEffectEvent, useId, useState } from 'react'
import type { Column } from '../../../catalogue'
import { boundOf, type RangeText } from '../../../catalogue/views/parameters'
import { TYPING_DEBOUNCE_MS } from '../use-filter-draft'
import { rangeChoiceLabel } from './ChosenValues'
import { reversedRange } from './reversed-range'

type RangedColumn = Pick<Column<never>, 'field' | 'label' | 'kind' | 'range'>

type Props = {
  columns: readonly RangedColumn[]
  /** The ranges the address holds. */
  ranges: Readonly<Record<string, RangeText>>
  onChange: (field: string, range: RangeText) => void
}

const isDate = (column: RangedColumn) => column.kind === 'isoDate' || column.kind === 'airDate'

/**
 * From and to of each ranged column (counts, dates in UTC), either end optional; applied as typing pauses (as
 * the "contains" fields are), and at once on Enter or leaving the field.
 */
export const RangeFields = memo(function RangeFields({ columns, ranges, onChange }: Props) {
  return (
    <div className="range-fields">
      {columns
        .filter((column) => column.range)
        .map((column) => (
          <RangeField
            key={column.field}
            column={column}
            range={ranges[column.field] ?? { from: '', to: '' }}
            onChange={(range) => onChange(column.field, range)}
          />
        ))}
    </div>
  )
})

function RangeField({
  column,
  range,
  onChange,
}: {
  column: RangedColumn
  range: RangeText
  onChange: (range: RangeText) => void
}) {
  const id = useId()
  // The draft follows the address whenever the address changes (Back, a saved view, a removed choice).
  const [draft, setDraft] = useState(range)
  const [seen, setSeen] = useState(range)
  if (seen.from !== range.from || seen.to !== range.to) {
    // Only the end the address changed: the other may hold what is being typed.
    setSeen(range)
    setDraft({
      from: seen.from !== range.from ? range.from : draft.from,
      to: seen.to !== range.to ? range.to : draft.to,
    })
  }
  const date = isDate(column)
  const invalid = (text: string) => text.trim() !== '' && boundOf(column, text.trim(), 'from') === null
  // What is typed is judged once typing pauses (or on Enter, or leaving): "201" on the way to "2015" is not
  // an error yet.
  const [judged, setJudged] = useState(true)
  const unreadable = judged ? [draft.from, draft.to].find(invalid) : undefined
  const hintId = `${id}-hint`
  const apply = (typed: RangeText = draft) => {
    setJudged(true)
    const next = { from: typed.from.trim(), to: typed.to.trim() }
    if (invalid(next.from) || invalid(next.to)) return
    if (next.from !== range.from || next.to !== range.to) onChange(next)
  }
  // As the "contains" fields: what is typed applies once typing pauses. Only what is typed: a draft the address
  // gave (a saved view, Back) is never written back. And only the draft still shown: a pause that ends just as
  // the address changes (after React has shown the new draft, before it cancels this timer) applies nothing.
  const applyTyped = useEffectEvent((typed: RangeText) => {
    if (typed === draft) apply(typed)
  })
  useEffect(() => {
    if (judged) return
    const timer = setTimeout(() => applyTyped(draft), TYPING_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, judged])
  const applied = range.from === '' && range.to === '' ? null : rangeChoiceLabel(column.label, range)
  const reversed = reversedRange(column, range)
  const hint =
    unreadable !== undefined
      ? `“${unreadable.trim()}” is not ${date ? 'a date (2015, 2015-07 or 2015-07-26)' : 'a whole number'}, so it is not applied: ${applied ? `the list shows ${applied}` : `no range of ${column.label} is applied`}.`
      : reversed
        ? reversed
        : date
          ? 'A year, month or day, in UTC: 2015, 2015-07 or 2015-07-26.'
          : 'Whole numbers; either end may be left empty.'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    apply()
  }
  const end = (which: 'from' | 'to', label: string) => (
    <div className="range-end">
      <label htmlFor={`${id}-${which}`}>{label}</label>
      <input
        id={`${id}-${which}`}
        type="text"
        inputMode={date ? 'text' : 'numeric'}
        autoComplete="off"
        placeholder={date ? (which === 'from' ? '2015' : '2015-12-31') : undefined}
        aria-label={`${column.label} ${label.toLocaleLowerCase()}`}
        aria-describedby={hintId}
        aria-invalid={(judged && invalid(draft[which])) || undefined}
        value={draft[which]}
        onChange={(event) => {
          setJudged(false)
          setDraft({ ...draft, [which]: event.target.value })
        }}
        onBlur={() => apply()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event)
        }}
      />
    </div>
  )
  return (
    <fieldset className="range">
      <legend>{column.label}</legend>
      <div className="range-ends">
        {end('from', 'From')}
        {end('to', 'To')}
      </div>
      <p
        className={unreadable !== undefined || reversed ? 'field-hint field-problem' : 'field-hint'}
        id={hintId}
      >
        {hint}
      </p>
    </fieldset>
  )
}
