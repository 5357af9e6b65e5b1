/*
 * The bins a count is charted in (contract §13, `_facet_bins`): the explorer's insights and the service count
 * in the same bins, by this one rule.
 */

/** A bin of a count: from `low` to `high`, both included; `high` null for the last, open one ("21 or more"). */
export type CountBin = readonly [low: number, high: number | null]

/** Ranges of a count, `[low, high]`: the first seven always, the others as far as the counts reach. */
const COUNT_STEPS: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 1],
  [2, 2],
  [3, 5],
  [6, 10],
  [11, 20],
  [21, 50],
  [51, 100],
  [101, 200],
  [201, 500],
  [501, 1000],
  [1001, 2000],
  [2001, 5000],
  [5001, 10_000],
]
const FIRST_BINS = 7

/**
 * The bins of a count up to `max`, the last one open ("21 or more"): at least up to 21, further as the largest
 * count needs (on a long-running catalogue a character appears in hundreds of episodes).
 */
export function countBins(max: number): CountBin[] {
  const reached = COUNT_STEPS.findIndex(([low, high]) => low <= max && max <= high)
  const last = Math.max(FIRST_BINS - 1, reached === -1 ? COUNT_STEPS.length - 1 : reached)
  return COUNT_STEPS.slice(0, last + 1).map(
    ([low, high], index) => [low, index === last ? null : high] as const,
  )
}

export function binLabel([low, high]: CountBin): string {
  if (high === null) return `${low} or more`
  return low === high ? String(low) : `${low}–${high}`
}

/** How many of `counts` fall into each bin of `countBins`, up to the largest of them. */
export function countInBins(counts: Iterable<number>): { bin: CountBin; count: number }[] {
  const histogram = new Map<number, number>()
  for (const count of counts) histogram.set(count, (histogram.get(count) ?? 0) + 1)
  return countHistogramInBins(histogram)
}

/** The same from a histogram: each count with how many have it. */
export function countHistogramInBins(histogram: Iterable<[count: number, times: number]>): {
  bin: CountBin
  count: number
}[] {
  const entries = [...histogram]
  // One at a time, not Math.max(...counts): spread arguments overflow the stack past some 100,000 of them.
  const bins = countBins(entries.reduce((most, [count]) => Math.max(most, count), 0))
  const tally = new Array<number>(bins.length).fill(0)
  for (const [count, times] of entries) {
    const index = bins.findIndex(([low, high]) => count >= low && (high === null || count <= high))
    if (index >= 0) tally[index] = (tally[index] ?? 0) + times
  }
  return bins.map((bin, index) => ({ bin, count: tally[index] ?? 0 }))
}
