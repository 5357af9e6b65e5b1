/** "a, b and c"; one item alone; nothing: empty. */
export function joinWithAnd(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '')
}

type Counted = { labels: { singular: string; plural: string }; count: number }

/**
 * "126 locations and 51 episodes", "1 location and 1,000 episodes": what a catalogue holds, collection by
 * collection, in the order given. The service's start, the generator, the snapshot, the connection test and
 * the catalogue index's status all say it in these words.
 */
export function describeHoldings(
  counts: readonly Counted[],
  /** How a count is written: the explorer passes the reader's digits; the service's logs are in English. */
  written: (count: number) => string = (count) => count.toLocaleString('en'),
): string {
  return joinWithAnd(
    counts.map(({ labels, count }) => `${written(count)} ${count === 1 ? labels.singular : labels.plural}`),
  )
}
