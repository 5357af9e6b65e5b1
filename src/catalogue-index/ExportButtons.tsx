import { useContext, useState } from 'react'
import type { Filters } from '../catalogue'
import type { CrawlProgress } from '../crawler'
import { IndexConnectionContext, indexSupported } from './index-connection'
import './index-status.css'
import type { ExportedList, ExportFormat } from './protocol'

/** "Export CSV" and "Export JSON" of the whole filtered list, with progress and Cancel while it is made. */
export default function ExportButtons({
  collection,
  filters,
}: {
  collection: ExportedList
  filters: Filters<string>
}) {
  const connection = useContext(IndexConnectionContext)
  const [running, setRunning] = useState<ExportFormat | null>(null)
  const [progress, setProgress] = useState<CrawlProgress | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  if (!connection || !indexSupported()) return null

  const start = async (format: ExportFormat) => {
    setRunning(format)
    setProblem(null)
    setProgress(null)
    // The exporter (worker, CSV writer) is downloaded on first use.
    const { runExport } = await import('./run-export')
    const failed = await runExport(connection, collection, filters, format, setProgress)
    setRunning(null)
    setProblem(failed)
  }
  const cancel = () => void import('./run-export').then(({ cancelExport }) => cancelExport())
  const done = progress
    ? `${progress.pagesDone.toLocaleString()} of ${progress.pagesTotal?.toLocaleString() ?? '?'} pages`
    : 'Starting'

  return (
    <div className="export-buttons">
      {running ? (
        <>
          <span>Exporting {running.toUpperCase()}:</span>
          <progress
            max={progress?.pagesTotal ?? 1}
            value={progress?.pagesDone ?? 0}
            aria-label="Export progress"
            aria-valuetext={done}
          />
          <span className="export-count" aria-hidden="true">
            {done}
          </span>
          <button type="button" className="button button-secondary" onClick={cancel}>
            Cancel export
          </button>
        </>
      ) : (
        <>
          <button type="button" className="button button-secondary" onClick={() => void start('csv')}>
            Export CSV
          </button>
          <button type="button" className="button button-secondary" onClick={() => void start('json')}>
            Export JSON
          </button>
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
    </div>
  )
}
