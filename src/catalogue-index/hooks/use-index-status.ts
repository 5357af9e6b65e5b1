import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { catalogueVersions } from '../../api/catalogue-versions'
import { isStale, serviceBase } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import { whenPageIdle, whenPageSettled } from '../../lib/page/page-idle'
import { savesData } from '../../lib/page/save-data'
import { indexWorker, plainConnection } from '../client/index-client'
import { indexCompleteness } from '../client/index-completeness'
import type {
  BuildMode,
  BuildOutcome,
  IndexConnection,
  IndexMessage,
  IndexStatus,
} from '../protocol/worker-api'

export interface IndexState {
  status: IndexStatus | null
  /**
   * The index is complete but was read from another version of the catalogue than the service's now (contract
   * §13): it answers nothing while the service can (offline it still does, with its date).
   */
  stale: boolean
  progress: CrawlProgress | null
  /** Why the last crawl stopped short, in one sentence. */
  problem: string | null
  /** The size (bytes) of an index Build the index asks about before building it; null when not asking. */
  asking: number | null
  /** `sizeConfirmed`: the user agreed to the size asked about. */
  build(mode: BuildMode, sizeConfirmed?: boolean): void
  /** Drops the question about the index's size without building. */
  dismiss(): void
  cancel(): void
}

/**
 * The question about the index's size, heard by every status in this tab: a Build the index anywhere on the
 * page (a list's status line, a view that needs the index) is answered where the status line shows it.
 */
const sizeQuestions = new EventTarget()

export interface IndexStatusOptions {
  /** A small catalogue is indexed without being asked, once the page is idle (not when saving data). */
  autoIndex: boolean
  /** false (a browser without Web Workers) asks nothing; default true. */
  enabled?: boolean
  /**
   * false: the page shows the service's data and the index only adds to it, so the worker starts once the
   * page has settled (src/lib/page/page-idle.ts) rather than at once; default true. Whatever asks it urgently, in any
   * part of the page, starts it then.
   */
  urgent?: boolean
}

/** The index of a connection as every tab sees it: its status, and the progress of a crawl in any tab. */
export function useIndexStatus(
  connection: IndexConnection,
  { autoIndex, enabled = true, urgent = true }: IndexStatusOptions,
): IndexState {
  const [status, setStatus] = useState<IndexStatus | null>(null)
  const [progress, setProgress] = useState<CrawlProgress | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [asking, setAsking] = useState<number | null>(null)
  const { baseUrl, apiKey } = connection
  const service = serviceBase(baseUrl)
  const read = () => catalogueVersions.latest(service)
  const latest = useSyncExternalStore(catalogueVersions.subscribe, read, read)
  const stale = status?.complete === true && isStale(status.catalogueVersion, latest)
  // What a list's loader reads before the page renders: complete and current (contract §13).
  useEffect(() => {
    if (status) indexCompleteness.seen({ baseUrl, apiKey }, status.complete && !stale, status.updatedAt)
  }, [status, stale, baseUrl, apiKey])

  const build = useCallback(
    (mode: BuildMode, sizeConfirmed = false) => {
      setProblem(null)
      setAsking(null)
      void indexWorker()
        .build(plainConnection({ baseUrl, apiKey }), mode, sizeConfirmed)
        .then((outcome: BuildOutcome) => {
          if (outcome.outcome === 'failed') setProblem(outcome.message)
          if (outcome.outcome === 'unauthorized') setProblem('The service did not accept the API key.')
          if (outcome.outcome === 'confirm')
            sizeQuestions.dispatchEvent(new CustomEvent('ask', { detail: outcome.bytes }))
          if (outcome.outcome !== 'busy') setProgress(null)
        })
    },
    [baseUrl, apiKey],
  )

  useEffect(() => {
    if (!enabled) return
    let live = true
    let channel: BroadcastChannel | null = null
    const conn = plainConnection({ baseUrl, apiKey })
    const follow = () => {
      const worker = indexWorker()
      const refresh = () =>
        worker.status(conn).then((next) => {
          if (!live) return
          setStatus(next)
          if (!next.building) setProgress(null)
        })
      void worker.channelName(conn).then((name) => {
        if (!live) return
        channel = new BroadcastChannel(name)
        channel.onmessage = (event: MessageEvent<IndexMessage>) => {
          const message = event.data
          // Not urgent: React renders it in slices between the user's own input and renders.
          if (message.type === 'progress') startTransition(() => setProgress(message.progress))
          else if (message.type === 'failed') setProblem(message.message)
          else void refresh()
        }
      })
      void refresh().then(() => {
        // Once the browser is idle: a small catalogue is indexed without being asked, unless the reader asked
        // the browser to save data.
        if (live && autoIndex && !savesData()) whenPageIdle(() => live && build('auto'))
      })
    }
    let cancelWait = (): void => undefined
    if (urgent) follow()
    else cancelWait = whenPageSettled(follow)
    return () => {
      live = false
      cancelWait()
      channel?.close()
    }
  }, [baseUrl, apiKey, autoIndex, build, enabled, urgent])

  useEffect(() => {
    const ask = (event: Event) => setAsking((event as CustomEvent<number>).detail)
    sizeQuestions.addEventListener('ask', ask)
    return () => sizeQuestions.removeEventListener('ask', ask)
  }, [])

  const cancel = useCallback(() => void indexWorker().cancel(), [])
  const dismiss = useCallback(() => setAsking(null), [])
  return { status, stale, progress, problem, asking, build, dismiss, cancel }
}
