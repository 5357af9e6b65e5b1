/** One bar of a chart: what it counts, how many, and the list it opens (none for "Other", or a bin of counts). */
export type Bar = { label: string; value: number; href?: string }

/** Every chart of the insights page, counted over the whole catalogue. */
export type Insights = {
  seasons: Bar[]
  years: Bar[]
  types: Bar[]
  dimensions: Bar[]
  residents: Bar[]
  characters: Bar[]
}
