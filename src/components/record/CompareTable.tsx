import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { differ, sharedAndOnly, textOf } from '../../lib/page/compare'
import { countText } from '../../lib/wording'

export type CompareColumn = { id: number; name: string; heading: ReactNode }
/**
 * One field across the records: its label and each record's value, in column order; `compared`, what tells
 * the values apart where their text alone cannot (a component's output), one per column.
 */
export type CompareRow = { label: string; values: ReactNode[]; compared?: readonly string[] }
/** A linked set each record has (residents, episodes): per column, its items, compared for what they share. */
export type CompareItem = { id: number; text: string; label: string; href: string }
export type CompareSet = {
  label: string
  /** "character", "characters": what an item is, in counts. */
  singular: string
  plural: string
  items: CompareItem[][]
  /** What a link to an item hands the page it opens (the way back). */
  linkState?: unknown
}

type Props = {
  caption: string
  columns: readonly CompareColumn[]
  rows: readonly CompareRow[]
  sets: readonly CompareSet[]
  /** Removes a record from the comparison; absent, no Remove buttons. */
  onRemove?: (id: number) => void
}

/**
 * Records side by side in one table: a column per record, a row per field (its header stays in view on a
 * narrow screen, where the table scrolls sideways), the rows whose values differ marked in words and colour,
 * and for each linked set what all share and what only one has.
 */
export function CompareTable({ caption, columns, rows, sets, onRemove }: Props) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
    <section className="compare-scroll" aria-label={`${caption}, side by side`} tabIndex={0}>
      <table className="compare-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="compare-corner">
              <span className="visually-hidden">Field</span>
            </th>
            {columns.map((column) => (
              <th scope="col" key={column.id}>
                <span className="compare-heading">{column.heading}</span>
                {onRemove && (
                  <button
                    type="button"
                    className="button button-secondary compare-remove"
                    aria-label={`Remove ${column.name} from the comparison`}
                    onClick={() => onRemove(column.id)}
                  >
                    Remove
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const differs = differ(row.compared ?? row.values.map(textOf))
            return (
              <tr key={row.label} className={differs ? 'differs' : undefined}>
                <th scope="row">
                  {row.label}
                  {differs && <span className="differs-tag">differs</span>}
                </th>
                {row.values.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a value's place is its column.
                  <td key={index}>{value}</td>
                ))}
              </tr>
            )
          })}
          {sets.map((set) => (
            <SetRows key={set.label} set={set} columns={columns.length} />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function SetRows({ set, columns }: { set: CompareSet; columns: number }) {
  const { shared, only } = sharedAndOnly(set.items.map((items) => items.map((item) => item.id)))
  const sharedSet = new Set(shared)
  const first = new Map(set.items.flat().map((item) => [item.id, item]))
  const chip = (item: CompareItem, mark: boolean) => (
    <li key={item.id} className={mark ? 'shared' : undefined}>
      <Link
        to={item.href}
        state={set.linkState}
        aria-label={mark ? `${item.label}, shared by all` : item.label}
      >
        {mark && <span aria-hidden="true">✓ </span>}
        {item.text}
      </Link>
    </li>
  )
  return (
    <>
      <tr>
        <th scope="row">{set.label}</th>
        {set.items.map((items, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a value's place is its column.
          <td key={index}>
            <span className="count-text">{countText(items.length, set.singular, set.plural)}</span>
            {items.length > 0 && (
              <ul className="character-numbers" aria-label={set.label}>
                {items.map((item) => chip(item, sharedSet.has(item.id) && columns > 1))}
              </ul>
            )}
          </td>
        ))}
      </tr>
      <tr className="compare-shared">
        <th scope="row">Shared by all</th>
        <td colSpan={columns}>
          <span className="count-text">
            Shared by all: {shared.length}
            {shared.length > 0 && <span className="muted"> (marked ✓)</span>}
          </span>
          {shared.length > 0 && (
            <ul className="character-numbers" aria-label={`${set.label} shared by all`}>
              {shared.flatMap((id) => {
                const item = first.get(id)
                return item ? [chip(item, false)] : []
              })}
            </ul>
          )}
        </td>
      </tr>
      <tr>
        <th scope="row">Only in this one</th>
        {only.map((ids, index) => {
          const byId = new Map(set.items[index]?.map((item) => [item.id, item]))
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a value's place is its column.
            <td key={index}>
              <span className="count-text">{countText(ids.length, set.singular, set.plural)}</span>
              {ids.length > 0 && (
                <ul className="character-numbers" aria-label={`${set.label} only in this one`}>
                  {ids.flatMap((id) => {
                    const item = byId.get(id)
                    return item ? [chip(item, false)] : []
                  })}
                </ul>
              )}
            </td>
          )
        })}
      </tr>
    </>
  )
}
