/** Median, lowest and highest of a sample: the machine is shared, so a single run says little. */
export interface Spread {
  median: number
  min: number
  max: number
}

export function spread(values: readonly number[]): Spread {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN }
  const middle = sorted.length >> 1
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number }
}

/** "412 (398–455)", with `digits` decimals; a single value or equal bounds print once. */
export function formatSpread(values: readonly number[], digits = 0): string {
  const { median, min, max } = spread(values)
  if (Number.isNaN(median)) return '—'
  const format = (value: number) =>
    value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  return min === max ? format(median) : `${format(median)} (${format(min)}–${format(max)})`
}
