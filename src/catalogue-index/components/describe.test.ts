import { afterEach, describe, expect, it } from 'vitest'
import type { CrawlProgress } from '../../crawler'
import { setReaderLocale } from '../../lib/format'
import type { CollectionStatus, IndexStatus } from '../protocol/worker-api'
import {
  completesByItself,
  describeBytes,
  describeIndexState,
  describeProgress,
  percentDone,
  progressOf,
} from './describe'

const list = (collection: string, fields: Partial<CollectionStatus>): CollectionStatus => ({
  collection,
  count: null,
  pages: null,
  pagesDone: 0,
  records: 0,
  complete: false,
  wanted: false,
  ...fields,
})
const status = (collections: CollectionStatus[]): IndexStatus => ({
  collections,
  complete: collections.every((c) => c.complete),
  updatedAt: null,
  building: false,
  catalogueVersion: null,
})

afterEach(() => setReaderLocale(undefined))

describe('the index status in words', () => {
  it('writes its counts in the reader’s digits, as the pages around it', () => {
    setReaderLocale('ar-EG')
    const built = status([
      list('locations', { count: 126, pages: 7, pagesDone: 7, records: 126, complete: true }),
      list('episodes', { count: 51, pages: 3, pagesDone: 3, records: 51, complete: true }),
    ])
    expect(describeIndexState(built).text).toBe('Catalogue index: ١٢٦ locations and ٥١ episodes')
    const streamed = {
      pagesDone: 0,
      pagesTotal: null,
      records: 24_000,
      recordsTotal: 120_000,
      secondsLeft: null,
    }
    expect(
      describeProgress({ ...streamed, requests: 1, retries: 0, requestsPerSecond: 0, pause: null }),
    ).toBe('٢٤٬٠٠٠ of ١٢٠٬٠٠٠ records')
  })

  it('says nothing of counts before any list was asked', () => {
    expect(describeIndexState(status([list('locations', {}), list('episodes', {})]))).toEqual({
      text: 'Catalogue index: not built',
      action: 'Build the index',
    })
  })

  it('counts each list on its own once its first page was read, and offers to build, not to resume', () => {
    // What the first visit leaves: the episodes' first page read before the locations were found too large.
    const probed = status([
      list('locations', { count: 5000 * 20, pages: 5000 }),
      list('episodes', { count: 51, pages: 3, pagesDone: 1, records: 20 }),
    ])
    expect(describeIndexState(probed)).toEqual({
      text: 'Catalogue index: not built (100,000 locations in 5,000 pages and 51 episodes in 3 pages)',
      action: 'Build the index',
    })
  })

  it('offers to resume a build the user started', () => {
    const cancelled = status([
      list('locations', { count: 100_000, pages: 5000, pagesDone: 400, records: 8000 }),
      list('episodes', { count: 51, pages: 3, pagesDone: 3, records: 51, complete: true }),
    ])
    expect(describeIndexState(cancelled)).toEqual({
      text: 'Catalogue index: partly built · 8,000 locations and 51 episodes so far (of 100,000 and 51)',
      action: 'Resume indexing',
    })
  })

  it('offers to resume a small catalogue’s build that was cancelled', () => {
    const cancelled = status([
      list('locations', { count: 126, pages: 7, pagesDone: 4, records: 80 }),
      list('episodes', { count: 51, pages: 3, pagesDone: 1, records: 20 }),
    ])
    expect(describeIndexState(cancelled)).toEqual({
      text: 'Catalogue index: partly built · 80 locations and 20 episodes so far (of 126 and 51)',
      action: 'Resume indexing',
    })
  })

  it('names the complete index by its records, with Refresh', () => {
    const complete = status([
      list('locations', { count: 126, pages: 7, pagesDone: 7, records: 126, complete: true }),
      list('episodes', { count: 51, pages: 3, pagesDone: 3, records: 51, complete: true }),
    ])
    expect(describeIndexState(complete)).toEqual({
      text: 'Catalogue index: 126 locations and 51 episodes',
      action: 'Refresh',
    })
  })

  it('offers to resume a build from a stream stopped halfway, though the other list has not begun', () => {
    // The stream reads the locations first: the episodes, as large, have nothing stored yet.
    const stopped = status([
      list('locations', { count: 100_000, pages: 5000, records: 37_000, streamed: true }),
      list('episodes', { count: 20_000, pages: 1000 }),
    ])
    expect(describeIndexState(stopped)).toEqual({
      text: 'Catalogue index: partly built · 37,000 locations and 0 episodes so far (of 100,000 and 20,000)',
      action: 'Resume indexing',
    })
  })
})

describe('the progress of a stream and the size of a file in words', () => {
  const progress = {
    pagesDone: 0,
    pagesTotal: null,
    records: 24_000,
    requests: 1,
    retries: 0,
    requestsPerSecond: 0,
    secondsLeft: 8,
    pause: null,
  }

  it('counts a stream’s records against the whole, and a crawl’s pages', () => {
    const streamed = { ...progress, recordsTotal: 120_000 }
    expect(describeProgress(streamed)).toBe('24,000 of 120,000 records, about 8 s left')
    expect(progressOf(streamed)).toEqual({ value: 24_000, max: 120_000 })
    const paged = { ...progress, pagesDone: 12, pagesTotal: 40, records: 240 }
    expect(describeProgress(paged)).toBe('12 of 40 pages, 240 records, about 8 s left')
    expect(progressOf(paged)).toEqual({ value: 12, max: 40 })
  })

  it('says how far in whole percents, 100 only once done, none while the total is unknown', () => {
    expect(percentDone({ ...progress, recordsTotal: 120_000 })).toBe(20)
    expect(percentDone({ ...progress, records: 119_999, recordsTotal: 120_000 })).toBe(99)
    expect(percentDone({ ...progress, pagesDone: 40, pagesTotal: 40 })).toBe(100)
    expect(percentDone({ ...progress, pagesTotal: null })).toBeNull()
    expect(percentDone(null)).toBeNull()
  })

  it('says a size as a person reads it', () => {
    expect(describeBytes(452_300_000)).toBe('452 MB')
    expect(describeBytes(1_234_000_000)).toBe('1.2 GB')
    expect(describeBytes(20_000)).toBe('1 MB')
  })
})

describe('the progress of a build in words', () => {
  const progress: CrawlProgress = {
    pagesDone: 0,
    pagesTotal: null,
    records: 0,
    requests: 0,
    retries: 0,
    requestsPerSecond: 0,
    secondsLeft: null,
    pause: null,
  }
  it('writes every number the same way: "412 of 6,000 pages, 8,240 records"', () => {
    expect(describeProgress({ ...progress, pagesDone: 412, pagesTotal: 6000, records: 8240 })).toBe(
      '412 of 6,000 pages, 8,240 records',
    )
    expect(describeProgress({ ...progress, pagesDone: 1250, records: 25_000, secondsLeft: 90 })).toBe(
      '1,250 pages, 25,000 records, about 2 min left',
    )
  })
})

describe('whether the index completes without being asked', () => {
  const large = { count: 100_000, pages: 5000 }
  it('does when complete, being built, or small enough to build itself', () => {
    expect(completesByItself(status([list('locations', {}), list('episodes', {})]))).toBe(true)
    expect(completesByItself({ ...status([list('locations', large)]), building: true })).toBe(true)
  })

  it('does not when a large catalogue was only sized, or its build was cancelled', () => {
    expect(completesByItself(status([list('locations', large)]))).toBe(false)
    const cancelled = list('locations', { ...large, pagesDone: 400, records: 8000 })
    expect(completesByItself(status([cancelled]))).toBe(false)
  })

  it('does when a build the user started was cut short by a reload: it carries on', () => {
    const cut = list('locations', { ...large, pagesDone: 400, records: 8000, wanted: true })
    expect(completesByItself(status([cut]))).toBe(true)
  })
})
