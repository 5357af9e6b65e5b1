import { scaleLinear } from 'd3-scale'
import { type MouseEvent, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { Bar } from '../../catalogue-index/protocol/insights'
import { grouped } from '../../lib/format'
import { useWidth } from './use-width'

export type BarChartProps = {
  title: string
  description: string
  /** Column headings of the table: what a bar stands for, and what it counts. */
  category: string
  unit: { singular: string; plural: string }
  bars: readonly Bar[]
}

const ROW = 28
const BAR = 18
const TOP = 22
const LABEL_CHARS = 18
/** A generous average width of a label's character (0.8rem sans-serif), so a shortened label fits its room. */
const CHAR_WIDTH = 8.2

const shorten = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text)

/**
 * Horizontal bars drawn at the container's width (labels left, values right of each bar), each bar a stop
 * for the keyboard saying its label and value; linked bars open the list they count. "Show as table" shows
 * the same numbers as a table.
 */
export function BarChart({ title, description, category, unit, bars }: BarChartProps) {
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()
  const descId = useId()
  const box = useRef<HTMLDivElement>(null)
  const width = useWidth(box)
  const navigate = useNavigate()
  const labelWidth = Math.min(150, Math.round(width * 0.38))
  // On a phone the labels' room is narrower than 18 characters: shorten them to what fits.
  const labelChars = Math.max(6, Math.min(LABEL_CHARS, Math.floor((labelWidth - 8) / CHAR_WIDTH)))
  const max = Math.max(1, ...bars.map((bar) => bar.value))
  // Room for the value right of the longest bar: "16,062" needs more than "16".
  const valueRoom = Math.max(44, 12 + 8 * grouped(max).length)
  const x = scaleLinear()
    .domain([0, max])
    .nice()
    .range([labelWidth, Math.max(labelWidth + 40, width - valueRoom)])
  const ticks = x.ticks(Math.max(2, Math.floor((width - labelWidth) / 90)))
  const height = TOP + bars.length * ROW
  const spoken = (bar: Bar) =>
    `${bar.label}: ${grouped(bar.value)} ${bar.value === 1 ? unit.singular : unit.plural}`

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <div className="chart-head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="button button-secondary chart-switch"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          Show as table
        </button>
      </div>
      <p id={descId} className="chart-description">
        {description}
      </p>
      <div ref={box} className="chart-body">
        {asTable ? (
          <table className="chart-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{category}</th>
                <th scope="col">{unit.plural[0]?.toUpperCase() + unit.plural.slice(1)}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.href ? <Link to={bar.href}>{bar.label}</Link> : bar.label}</th>
                  <td>{grouped(bar.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          // biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group holds the bars.
          <svg
            role="group"
            aria-labelledby={titleId}
            aria-describedby={descId}
            width={width}
            height={height}
            className="chart-svg"
          >
            <title>{title}</title>
            <desc>{description}</desc>
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the scale's gridlines hold nothing focusable. */}
            <g aria-hidden="true" className="chart-axis">
              {ticks.map((tick) => (
                <g key={tick} transform={`translate(${x(tick)},0)`}>
                  <line y1={TOP - 4} y2={height} />
                  <text y={TOP - 8} textAnchor="middle">
                    {grouped(tick)}
                  </text>
                </g>
              ))}
            </g>
            {bars.map((bar, index) => {
              const y = TOP + index * ROW
              const shape = (
                <>
                  <text x={labelWidth - 8} y={y + ROW / 2} dy="0.35em" textAnchor="end">
                    {shorten(bar.label, labelChars)}
                  </text>
                  <rect
                    x={labelWidth}
                    y={y + (ROW - BAR) / 2}
                    width={Math.max(bar.value > 0 ? 2 : 0, x(bar.value) - labelWidth)}
                    height={BAR}
                    rx={3}
                  />
                  <text x={x(bar.value) + 6} y={y + ROW / 2} dy="0.35em">
                    {grouped(bar.value)}
                  </text>
                </>
              )
              const href = bar.href
              return href ? (
                <a
                  key={bar.label}
                  href={href}
                  className="chart-bar chart-bar-link"
                  aria-label={spoken(bar)}
                  onClick={(event: MouseEvent) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                    event.preventDefault()
                    navigate(href)
                  }}
                >
                  {shape}
                </a>
              ) : (
                // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: every bar is a keyboard stop that says its value; a bar that opens nothing is an image with a name.
                <g key={bar.label} className="chart-bar" tabIndex={0} role="img" aria-label={spoken(bar)}>
                  {shape}
                </g>
              )
            })}
          </svg>
        )}
      </div>
    </figure>
  )
}
