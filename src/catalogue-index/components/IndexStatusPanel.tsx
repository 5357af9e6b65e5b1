import { useEffect, useRef, useState } from 'react'
import { catalogueVersions } from '../../api/catalogue-versions'
import { serviceBase } from '../../catalogue'
import { useOfflineReady } from '../hooks/offline-ready'
import { useIndexStatus } from '../hooks/use-index-status'
import { type IndexConnection, indexedUnasked } from '../protocol/worker-api'
import { describeAge, describeIndexState, describeProgress, percentDone, progressOf } from './describe'
import { IndexSizeQuestion } from './IndexSizeQuestion'
import './index-status.css'

/**
 * The live region names no collection, so it is never mistaken for a list's summary. Steps at which a screen
 * reader hears how far the crawl is: a polite word now and then, not every tick. The status line shows the
 * whole percentage.
 */
const ANNOUNCE_EVERY_PERCENT = 25

/**
 * "Catalogue index: 126 locations, 51 episodes · updated 3 min ago · Refresh"; while building, a progress bar
 * with pages, records and time left, and Cancel. A small catalogue is indexed unasked (`autoIndex`).
 */
export default function IndexStatusPanel({
  connection,
  autoIndex = true,
}: {
  connection: IndexConnection
  autoIndex?: boolean
}) {
  const { status, stale, progress, problem, asking, build, dismiss, cancel } = useIndexStatus(connection, {
    autoIndex,
    // The status line only tells about the index: it waits until the page has settled.
    urgent: false,
  })
  const now = useNow()
  const offline = useOfflineReady()
  // A small catalogue refreshes itself once it is found stale (one stream per collection), as it indexes
  // itself; once per version of the service's catalogue, so that a refresh that fails is not asked in a loop.
  const small = status?.collections.every((list) => indexedUnasked(list.pages ?? 0)) === true
  const settled = status?.building === false
  const refreshedFor = useRef<string | null | undefined>(undefined)
  useEffect(() => {
    const latest = catalogueVersions.latest(serviceBase(connection.baseUrl))
    if (!stale || !small || !settled || refreshedFor.current === latest) return
    refreshedFor.current = latest
    build('refresh')
  }, [stale, small, settled, build, connection.baseUrl])
  if (!status) return null

  const building = status.building || progress !== null
  const { value, max: total } = progressOf(progress)
  const percent = percentDone(progress)
  const announced = Math.floor((percent ?? 0) / ANNOUNCE_EVERY_PERCENT) * ANNOUNCE_EVERY_PERCENT
  const { text, action } = describeIndexState(status, stale)

  return (
    <section className="index-status" aria-label="Catalogue index">
      {building ? (
        <>
          <span className="index-status-label">Building the catalogue index:</span>
          <progress
            className="index-status-bar"
            max={total ?? 1}
            value={value}
            aria-label="Catalogue index progress"
            aria-valuetext={progress ? describeProgress(progress) : 'Starting'}
          />
          <span>
            {progress
              ? `${percent === null ? '' : `${percent}% · `}${describeProgress(progress)}`
              : 'Starting…'}
          </span>
          <button type="button" className="link-button" onClick={cancel}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <span>
            {text}
            {status.complete &&
              status.updatedAt !== null &&
              ` · updated ${describeAge(status.updatedAt, now)}`}
            {status.complete && !stale && offline && ' · Ready to work offline'}
          </span>
          <span className="index-status-action">
            <span aria-hidden="true">·</span>
            <button
              type="button"
              className="link-button"
              onClick={() => build(status.complete ? 'refresh' : 'build')}
            >
              {action}
            </button>
          </span>
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {building
          ? `Catalogue index ${announced}% built`
          : stale
            ? 'Catalogue index out of date: the catalogue has changed'
            : status.complete
              ? offline
                ? 'Catalogue index ready; the explorer works offline'
                : 'Catalogue index ready'
              : ''}
      </p>
      {asking !== null && !building && (
        <IndexSizeQuestion bytes={asking} onBuild={() => build('build', true)} onDismiss={dismiss} />
      )}
      {problem && (
        <p className="index-status-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}

/** The time now, ticking each minute, for "updated 3 min ago". */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
