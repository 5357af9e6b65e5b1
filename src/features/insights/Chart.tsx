import { useId } from 'react'
import type { Bar } from '../../catalogue-index/protocol/insights'
import { BarChart, type BarChartProps } from './BarChart'

/**
 * A chart of the insights, or, for one the service did not count within its time limit, its title and
 * description with a note that says so (the others are shown).
 */
export function Chart(props: Omit<BarChartProps, 'bars'> & { bars: readonly Bar[] | null }) {
  const { bars, ...chart } = props
  if (bars !== null) return <BarChart {...chart} bars={bars} />
  return <UncountedChart title={chart.title} description={chart.description} />
}

function UncountedChart({ title, description }: { title: string; description: string }) {
  const titleId = useId()
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <div className="chart-head">
        <h2 id={titleId}>{title}</h2>
      </div>
      <p className="chart-description">{description}</p>
      <p className="state">
        Not counted: the service could not count this chart within its time limit. Reload the page to count it
        again.
      </p>
    </figure>
  )
}
