import { useEffect, useRef } from 'react'
import type { Connection } from '../../api/client'
import { useConnection } from '../../api/connection-in-use'
import { grouped } from '../../lib/format'
import { indexSupported } from '../hooks/index-support'
import { useExport } from '../hooks/use-export'
import { describeBytes } from './describe'
import './index-status.css'
import type { ExportFormat, ExportRequest } from '../protocol/worker-api'

/**
 * "Export CSV" and "Export JSON" of the whole filtered list (or the view: its records, order and columns), with
 * progress and Cancel while it is made.
 */
export default function ExportButtons(props: ExportRequest) {
  const { connection } = useConnection()
  if (!connection || !indexSupported()) return null
  return <ExportControls connection={connection} exported={props} />
}

function ExportControls({ connection, exported }: { connection: Connection; exported: ExportRequest }) {
  const { running, progress, received, problem, note, asking, start, cancel, decide } = useExport(
    connection,
    exported,
  )
  const done =
    received !== null
      ? `${describeBytes(received)} received`
      : progress
        ? `${grouped(progress.pagesDone)} of ${progress.pagesTotal === null ? '?' : grouped(progress.pagesTotal)} pages`
        : 'Starting'
  // The pressed button gives way to Cancel while the file is made, and takes focus back once it is done
  // (or cancelled), when focus was on the one or the other: never lost to the page.
  const box = useRef<HTMLDivElement>(null)
  const pressed = useRef<ExportFormat | null>(null)
  useEffect(() => {
    const format = pressed.current
    const focused = document.activeElement
    const hadFocus = focused === null || focused === document.body || box.current?.contains(focused) === true
    if (!format || !hadFocus) return
    const target = running ? 'cancel' : format
    box.current?.querySelector<HTMLButtonElement>(`[data-export="${target}"]`)?.focus()
    if (!running) pressed.current = null
  }, [running])
  const begin = (format: ExportFormat) => {
    pressed.current = format
    void start(format)
  }

  return (
    <div className="export-buttons" ref={box}>
      {running ? (
        <>
          <span>Exporting {running.toUpperCase()}:</span>
          {/* A stream's size is not known before its end: the bar then says only that it goes on. */}
          <progress
            max={received === null ? (progress?.pagesTotal ?? 1) : undefined}
            value={received === null ? (progress?.pagesDone ?? 0) : undefined}
            aria-label="Export progress"
            aria-valuetext={done}
          />
          <span className="export-count" aria-hidden="true">
            {done}
          </span>
          <button type="button" className="button button-secondary" data-export="cancel" onClick={cancel}>
            Cancel export
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button button-secondary"
            data-export="csv"
            onClick={() => begin('csv')}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-export="json"
            onClick={() => begin('json')}
          >
            Export JSON
          </button>
        </>
      )}
      {asking !== null && (
        <p>
          This file will be about {describeBytes(asking)}, held in this browser's memory until it is saved.{' '}
          <button type="button" className="button button-secondary" onClick={() => decide(true)}>
            Export anyway
          </button>
        </p>
      )}
      {problem && <p role="alert">{problem}</p>}
      {note && <p role="status">{note}</p>}
    </div>
  )
}
