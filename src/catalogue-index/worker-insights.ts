import { type ApiRecord, episodes, locations } from '../catalogue'
import { computeInsights } from '../features/insights/aggregate'
import type { IndexConnection, InsightsAnswer } from './protocol'
import { completeCatalogue, connectionName } from './worker-data'

/** The last insights counted, per connection: counted again only when the index has changed (its version). */
const counted = new Map<string, { version: string; answer: Promise<InsightsAnswer> }>()

/** Records of a collection that its schema reads; a record the index holds but cannot read is left out. */
function readable<R>(
  records: readonly ApiRecord[] | undefined,
  schema: { safeParse(value: unknown): { data?: R } },
) {
  return (records ?? []).flatMap((record) => {
    const data = schema.safeParse(record).data
    return data === undefined ? [] : [data]
  })
}

/** The insights of a complete index, counted in the worker; null while the index is incomplete. */
export async function insightsOf(connection: IndexConnection): Promise<InsightsAnswer | null> {
  const catalogue = await completeCatalogue(connection)
  if (!catalogue) return null
  const key = await connectionName(connection)
  let entry = counted.get(key)
  if (entry?.version !== catalogue.version) {
    const started = performance.now()
    const answer = Promise.resolve().then(() => {
      const episodeRecords = readable(catalogue.records.get(episodes.name), episodes.record)
      const locationRecords = readable(catalogue.records.get(locations.name), locations.record)
      return {
        insights: computeInsights(episodeRecords, locationRecords),
        records: { episodes: episodeRecords.length, locations: locationRecords.length },
        elapsedMs: performance.now() - started,
      }
    })
    entry = { version: catalogue.version, answer }
    counted.set(key, entry)
  }
  return entry.answer
}
