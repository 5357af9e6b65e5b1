/** One bar of a chart: what it counts, how many, and the list it opens (none for "Other", or a bin of counts). */
export type Bar = { label: string; value: number; href?: string }

/**
 * Every chart of the insights page, counted over the whole catalogue; null for a chart the service did not count
 * within its time limit (the index counts every chart).
 */
export type Insights = {
  seasons: Bar[] | null
  years: Bar[] | null
  types: Bar[] | null
  dimensions: Bar[] | null
  residents: Bar[] | null
  characters: Bar[] | null
}
