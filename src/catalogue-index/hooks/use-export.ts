import { useState } from 'react'
import type { Connection } from '../../api/client'
import type { Filters } from '../../catalogue'
import type { CrawlProgress } from '../../crawler'
import type { ExportedList, ExportedView, ExportFormat } from '../protocol/worker-api'

/** An export of a whole filtered list by the index worker: start, its progress, Cancel and what went wrong. */
export function useExport(
  connection: Connection,
  collection: ExportedList,
  filters: Filters<string>,
  view: ExportedView | null,
) {
  const [running, setRunning] = useState<ExportFormat | null>(null)
  const [progress, setProgress] = useState<CrawlProgress | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const start = async (format: ExportFormat) => {
    setRunning(format)
    setProblem(null)
    setProgress(null)
    // The exporter (worker, CSV writer) is downloaded on first use.
    const { runExport } = await import('../client/run-export')
    const failed = await runExport(connection, collection, filters, format, setProgress, view)
    setRunning(null)
    setProblem(failed)
  }
  const cancel = () => void import('../client/run-export').then(({ cancelExport }) => cancelExport())
  return { running, progress, problem, start, cancel }
}
