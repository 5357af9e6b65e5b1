import { COLLECTIONS, describeHoldings } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import type { CollectionStatus } from '../protocol/worker-api'

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

/** "12 of 40 pages, 240 records, about 8 s left". */
export function describeProgress(progress: CrawlProgress): string {
  const pages =
    progress.pagesTotal === null
      ? `${progress.pagesDone} pages`
      : `${progress.pagesDone} of ${progress.pagesTotal} pages`
  const records = `${progress.records.toLocaleString('en')} records`
  const left = progress.secondsLeft === null ? '' : `, about ${describeSeconds(progress.secondsLeft)} left`
  return `${pages}, ${records}${left}`
}

function describeSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`
  return `${(seconds / 3600).toFixed(1)} h`
}

/** "09:41, 23 Nov": the date of the index, for the offline banner. */
export function describeAsOf(time: number, locale = 'en-GB'): string {
  const date = new Date(time)
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(
    date,
  )
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date)
  return `${clock}, ${day}`
}
