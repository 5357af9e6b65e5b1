import { describe, expect, it } from 'vitest'
import { DEMO_KEY } from '../../server/config'
import { createStoreOf } from '../../server/dataset/store'
import { datasetWithArtifacts, WITH_ARTIFACTS } from '../../server/test/serve-artifacts'
import { serveForTests, shippedDataset } from '../../server/test/server'
import { type ApiRecord, episodes, locations } from '../catalogue'
import { artifacts } from '../catalogue/artifacts.fixture'
import { collectList, crawl } from './crawl'
import type { CrawledPage } from './lists'
import { readRateLimit } from './pacer'

describe('the crawler against the real service with CATALOGUE_RATE_LIMIT=2', () => {
  const server = serveForTests({ rateLimit: 2, apiKeys: ['crawler-key', 'busy-key'] })

  function recorder() {
    const answers: { status: number; remaining?: number; limit?: number; retryAfter: number; at: number }[] =
      []
    const sentAt: number[] = []
    const recordingFetch: typeof fetch = async (input, init) => {
      sentAt.push(performance.now())
      const response = await fetch(input, init)
      const limit = readRateLimit(response.headers)
      answers.push({
        status: response.status,
        remaining: limit?.remaining,
        limit: limit?.limit,
        retryAfter: Number(response.headers.get('retry-after') ?? 0),
        at: performance.now(),
      })
      return response
    }
    return { answers, sentAt, recordingFetch }
  }

  it('gets every record exactly once, with no request beyond what the limit allows', async () => {
    const { answers, recordingFetch } = recorder()
    const pages: CrawledPage[] = []
    const summary = await crawl<ApiRecord>({
      baseUrl: server.origin,
      apiKey: 'crawler-key',
      fetch: recordingFetch,
      lists: [{ collection: locations }, { collection: episodes }],
      onPage: (page) => {
        pages.push(page)
      },
    })

    const ids = (collection: string) =>
      pages.filter((page) => page.collection === collection).flatMap((page) => page.results.map((r) => r.id))
    expect(ids('locations')).toEqual(shippedDataset.locations.map((record) => record.id))
    expect(ids('episodes')).toEqual(shippedDataset.episodes.map((record) => record.id))
    expect(summary.records).toBe(shippedDataset.locations.length + shippedDataset.episodes.length)

    // One request a page, none refused, and the key never below half its burst of 8.
    expect(answers).toHaveLength(summary.pagesRead)
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    expect(answers.every((answer) => answer.limit === 8 && (answer.remaining ?? 0) >= 4)).toBe(true)
    const logged = server.logs.filter((line) => line.includes('/v1/'))
    expect(logged).toHaveLength(summary.pagesRead)
    expect(logged.filter((line) => / 429 /.test(line))).toEqual([])
  }, 30_000)

  it('answers every 429 by waiting what Retry-After asks, when someone else has used up the key', async () => {
    const { answers, sentAt, recordingFetch } = recorder()
    // Someone else empties the key's bucket right before the crawler's first request (on a busy machine, a
    // bucket emptied earlier could have refilled by then).
    let emptied = false
    const afterSomeoneElse: typeof fetch = async (input, init) => {
      while (!emptied) emptied = (await server.get('/v1/episodes/1', { key: 'busy-key' })).status === 429
      return recordingFetch(input, init)
    }
    let records = 0
    const summary = await crawl({
      baseUrl: server.origin,
      apiKey: 'busy-key',
      fetch: afterSomeoneElse,
      lists: [{ collection: episodes }],
      onPage: (page) => {
        records += page.results.length
      },
    })
    expect(records).toBe(shippedDataset.episodes.length)
    const refused = answers.flatMap((answer, index) => (answer.status === 429 ? [index] : []))
    expect(refused.length).toBeGreaterThan(0)
    for (const index of refused) {
      const answer = answers[index] as (typeof answers)[number]
      const nextSent = sentAt.find((time) => time >= answer.at)
      expect(nextSent).toBeDefined()
      expect((nextSent as number) - answer.at).toBeGreaterThanOrEqual(answer.retryAfter * 1000 - 5)
    }
    expect(summary.retries).toBe(refused.length)
  }, 30_000)
})

describe('the crawler on a collection it was not written for', () => {
  const server = serveForTests({ store: createStoreOf(datasetWithArtifacts(), WITH_ARTIFACTS) })

  it('reads the third collection from its definition alone, with a filter', async () => {
    const relics = await collectList({
      baseUrl: server.origin,
      apiKey: DEMO_KEY,
      fetch,
      list: { collection: artifacts, filters: { kind: 'relic' } },
    })
    expect(relics.map((artifact) => artifact.id)).toEqual(
      Array.from({ length: 15 }, (_, index) => (index + 1) * 3),
    )
    expect(relics.every((artifact) => artifact.kind === 'Relic')).toBe(true)
  })
})
