/** How the benchmarks read a set of timings: a percentile (nearest rank) and milliseconds as text. */

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

export const ms = (value: number) => `${value.toFixed(1)} ms`
