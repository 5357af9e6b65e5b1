import { useRef, useState } from 'react'
import type { Connection } from '../../api/client'
import type { CrawlProgress } from '../../crawler'
import type { ExportFormat, ExportRequest } from '../protocol/worker-api'

/**
 * An export of a whole filtered list (or view): start, its progress (pages read, or bytes of a stream
 * received), the size question before a large download held in memory, Cancel and what went wrong.
 */
export function useExport(connection: Connection, exported: ExportRequest) {
  const [running, setRunning] = useState<ExportFormat | null>(null)
  const [progress, setProgress] = useState<CrawlProgress | null>(null)
  const [received, setReceived] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [asking, setAsking] = useState<number | null>(null)
  const answer = useRef<(go: boolean) => void>(() => {})

  const start = async (format: ExportFormat) => {
    setRunning(format)
    setProblem(null)
    setNote(null)
    setProgress(null)
    setReceived(null)
    // The exporter (worker, CSV writer) is downloaded on first use.
    const { runExport } = await import('../client/run-export')
    const ended = await runExport(connection, exported, format, {
      onProgress: setProgress,
      onReceived: setReceived,
      confirm: (bytes) =>
        new Promise<boolean>((resolve) => {
          answer.current = (go) => {
            setAsking(null)
            resolve(go)
          }
          setAsking(bytes)
        }),
    })
    setAsking(null)
    setRunning(null)
    setProblem(ended.problem)
    setNote(ended.note)
  }
  const cancel = () => {
    answer.current(false)
    void import('../client/run-export').then(({ cancelExport }) => cancelExport())
  }
  /** The answer to the size question: go on, or not. */
  const decide = (go: boolean) => answer.current(go)
  return { running, progress, received, problem, note, asking, start, cancel, decide }
}
