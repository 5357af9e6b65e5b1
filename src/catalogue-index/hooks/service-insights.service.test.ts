import { describe, expect, it } from 'vitest'
import { generateDataset } from '../../../server/data/generate'
import { serveForTests, shippedDataset } from '../../../server/test/server'
import { createClient } from '../../api/client'
import { createRequestLog } from '../../api/request-log'
import type { Dataset } from '../../catalogue'
import { computeInsights } from '../worker/aggregate'
import { insightsOnService } from './service-insights'

/*
 * The insights counted by a service that answers characters and the insights' facets (contract §13) are the
 * charts the index counts from every record: the same bars, labels and links, on the shipped catalogue and on a
 * long-running one (55 seasons and 28 years in spans, types and dimensions beyond the top 15 as Other).
 */

const KEY = 'insights-service-key'

/** The charts the index counts from a dataset's records, as the API writes them (characters as addresses). */
function indexCharts(dataset: Dataset, origin: string) {
  const address = (id: number) => `${origin}/v1/characters/${id}`
  return computeInsights(
    dataset.episodes.map((episode) => ({ ...episode, characters: episode.characters.map(address) })),
    dataset.locations.map((location) => ({ ...location, residents: location.residents.map(address) })),
  )
}

describe.each([
  ['the shipped catalogue', shippedDataset],
  ['a long-running catalogue', generateDataset({ locations: 400, episodes: 3000, seed: 7 })],
])('the insights of %s, counted by its service', (_name, dataset) => {
  const server = serveForTests({ dataset, apiKeys: [KEY] })

  it('are the charts the index counts, in three requests', async () => {
    const log = createRequestLog()
    const client = createClient({ baseUrl: server.origin, apiKey: KEY }, fetch, log)
    const answer = await insightsOnService(client)
    expect(answer.insights).toEqual(indexCharts(dataset, server.origin))
    expect(answer.records).toEqual({ episodes: dataset.episodes.length, locations: dataset.locations.length })
    expect(log.entries()).toHaveLength(3)
  })
})

describe('a chart whose facet the service did not count in time', () => {
  const server = serveForTests({ apiKeys: [KEY] })

  it('is left out, said so (`uncounted`), and the others are shown', async () => {
    // The service's answer of the locations with their residents' bins not counted (as a view past its time).
    const notCounting: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init)
      if (!String(input).includes('_facet_bins=residents')) return answer
      const body = await answer.json()
      body.facets.residents = { bins: [], counted: false }
      return new Response(JSON.stringify(body), { status: 200, headers: answer.headers })
    }
    const client = createClient({ baseUrl: server.origin, apiKey: KEY }, notCounting, createRequestLog())
    const answer = await insightsOnService(client)
    expect(answer.insights.residents).toBeNull()
    expect(answer.uncounted).toBe(true)
    expect(answer.insights).toEqual({ ...indexCharts(shippedDataset, server.origin), residents: null })
  })
})
