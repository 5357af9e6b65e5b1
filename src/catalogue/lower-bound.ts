/** The first index of ascending `sorted` whose value is at least `value` (`sorted.length` when none is). */
export function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] as number) < value) low = middle + 1
    else high = middle
  }
  return low
}
