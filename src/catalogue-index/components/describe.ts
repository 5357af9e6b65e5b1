import { COLLECTIONS, describeHoldings, joinWithAnd } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import { grouped } from '../../lib/format'
import { type CollectionStatus, type IndexStatus, indexedUnasked } from '../protocol/worker-api'

const wordsOf = (status: CollectionStatus, count: number) => {
  const labels = COLLECTIONS.find((collection) => collection.name === status.collection)?.labels
  return count === 1 ? (labels?.singular ?? status.collection) : (labels?.plural ?? status.collection)
}

/** What the index can be asked to do next: the one label every page gives its button. */
export type IndexAction = 'Build the index' | 'Resume indexing' | 'Refresh'

/**
 * The index's status in one sentence and the action it offers, the same words on every page:
 * - "Catalogue index: 126 locations and 51 episodes" · Refresh;
 * - "Catalogue index: 126 locations and 51 episodes, of an earlier catalogue (the service's has changed since)"
 *   · Refresh, when it was read from another version than the service serves now (`stale`, contract §13);
 * - "Catalogue index: partly built · 8,000 locations and 51 episodes so far (of 100,000 and 51)" · Resume
 *   indexing, when a build was started and stopped;
 * - "Catalogue index: not built (100,000 locations in 5,000 pages and 51 episodes in 3 pages)" · Build the index,
 *   with each list's size once its first page was read (a first visit reads it to learn whether the catalogue
 *   is small enough to be indexed without being asked; that is not a build the user started).
 */
export function describeIndexState(
  status: IndexStatus,
  stale = false,
): { text: string; action: IndexAction } {
  if (status.complete && stale)
    return {
      text: `Catalogue index: ${describeCounts(status.collections)}, of an earlier catalogue (the service’s has changed since)`,
      action: 'Refresh',
    }
  if (status.complete)
    return { text: `Catalogue index: ${describeCounts(status.collections)}`, action: 'Refresh' }
  const { started } = buildStage(status)
  if (started) {
    const totals = status.collections.map((list) => list.count)
    const of = totals.every((count) => count !== null)
      ? ` (of ${totals.map((count) => grouped(count ?? 0)).join(' and ')})`
      : ''
    return {
      text: `Catalogue index: partly built · ${describeCounts(status.collections)} so far${of}`,
      action: 'Resume indexing',
    }
  }
  const sized = status.collections.filter((list) => list.count !== null && list.pages !== null)
  const sizes = sized.map(
    (list) =>
      `${grouped(list.count ?? 0)} ${wordsOf(list, list.count ?? 0)} in ${grouped(list.pages ?? 0)} ${list.pages === 1 ? 'page' : 'pages'}`,
  )
  return {
    text: `Catalogue index: not built${sizes.length > 0 ? ` (${joinWithAnd(sizes)})` : ''}`,
    action: 'Build the index',
  }
}

/**
 * How far an incomplete index got: `probed`, a first visit found a list too large to build without being
 * asked (sized, not a build that was started); `started`, a build was started and stopped.
 */
function buildStage(status: IndexStatus): { probed: boolean; started: boolean } {
  // What a first visit leaves of a large catalogue (a list found too large before any of its pages was kept)
  // is not a build that was started; records stored from a stream are.
  const streaming = status.collections.some((list) => list.streamed && !list.complete && list.records > 0)
  const probed =
    !streaming &&
    status.collections.some(
      (list) => !indexedUnasked(list.pages ?? 0) && list.pagesDone === 0 && list.records === 0,
    )
  const started =
    !probed &&
    status.collections.some(
      (list) => !list.complete && (list.streamed ? list.records > 0 : list.pagesDone > 0),
    )
  return { probed, started }
}

/**
 * Whether the index becomes complete without the user asking: it is complete or being built; a small catalogue
 * builds itself; a build the user started and a reload cut short carries on. Not so a large catalogue that
 * was only sized, nor a build the user cancelled: those wait for Build the index or Resume indexing.
 */
export function completesByItself(status: IndexStatus): boolean {
  if (status.complete || status.building) return true
  if (status.collections.some((list) => list.wanted === true && !list.complete)) return true
  const { probed, started } = buildStage(status)
  return !probed && !started
}

/** "126 locations and 51 episodes": the records the index holds, per list. */
export function describeCounts(collections: readonly CollectionStatus[]): string {
  return describeHoldings(
    collections.map(({ collection: name, records }) => ({
      labels: COLLECTIONS.find((collection) => collection.name === name)?.labels ?? {
        singular: name,
        plural: name,
      },
      count: records,
    })),
    grouped,
  )
}

/** "3 min ago", "just now", "2 h ago", "4 days ago". */
export function describeAge(time: number, now: number): string {
  const minutes = Math.floor((now - time) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return `${days} ${days === 1 ? 'day' : 'days'} ago`
}

/** "12 of 40 pages, 240 records, about 8 s left"; from a stream, "24,000 of 120,000 records, about 8 s left". */
export function describeProgress(progress: CrawlProgress): string {
  const left = progress.secondsLeft === null ? '' : `, about ${describeSeconds(progress.secondsLeft)} left`
  if (progress.recordsTotal != null)
    return `${grouped(progress.records)} of ${grouped(progress.recordsTotal)} records${left}`
  const pages =
    progress.pagesTotal === null
      ? `${grouped(progress.pagesDone)} pages`
      : `${grouped(progress.pagesDone)} of ${grouped(progress.pagesTotal)} pages`
  const records = `${grouped(progress.records)} records`
  return `${pages}, ${records}${left}`
}

/** How far a crawl is, as a bar reads it: records of a stream, pages otherwise. */
export function progressOf(progress: CrawlProgress | null): { value: number; max: number | null } {
  if (progress?.recordsTotal != null) return { value: progress.records, max: progress.recordsTotal }
  return { value: progress?.pagesDone ?? 0, max: progress?.pagesTotal ?? null }
}

/** How much of a crawl is done, in whole percents (99 until the last page or record); null while its total is unknown. */
export function percentDone(progress: CrawlProgress | null): number | null {
  const { value, max } = progressOf(progress)
  return progress && max ? Math.floor((value / max) * 100) : null
}

/** "450 MB", "1.2 GB": a size as a person reads it (decimal units, as disks are sold). */
export function describeBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`
  return `${grouped(Math.max(1, Math.round(bytes / 1e6)))} MB`
}

function describeSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`
  return `${(seconds / 3600).toFixed(1)} h`
}
