import { type ApiRecord, episodes, locations } from '../../catalogue'
import type { IndexConnection, InsightsAnswer } from '../protocol/worker-api'
import { computeInsights } from './aggregate'
import { perVersion } from './data'

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

/** The insights of the latest complete index, counted again only when the index changes (and kept). */
export const counted = perVersion<InsightsAnswer, InsightsAnswer>(
  (catalogue): InsightsAnswer => {
    const started = performance.now()
    const episodeRecords = readable(catalogue.records.get(episodes.name), episodes.record)
    const locationRecords = readable(catalogue.records.get(locations.name), locations.record)
    return {
      insights: computeInsights(episodeRecords, locationRecords),
      records: { episodes: episodeRecords.length, locations: locationRecords.length },
      elapsedMs: performance.now() - started,
    }
  },
  // 2: long axes in spans, characters named only by locations counted at 0.
  { kind: 'insights', format: 2, save: (answer) => answer, restore: (answer) => answer },
)

/** The insights of a complete index, counted in the worker; null while the index is incomplete. */
export async function insightsOf(connection: IndexConnection): Promise<InsightsAnswer | null> {
  return (await counted(connection))?.value ?? null
}
