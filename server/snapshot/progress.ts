import type { CrawlProgress } from '../../src/crawler'

export interface ProgressOutput {
  write(text: string): unknown
  isTTY?: boolean
  columns?: number
}

const BAR_WIDTH = 24

/**
 * Progress on stderr: on a terminal a bar redrawn in place; otherwise (a log, a pipe) one line each time
 * another 10% is done, so a log holds at most eleven lines.
 */
export function progressReporter(output: ProgressOutput) {
  let lastTenth = -1
  let drawn = false
  return {
    update(progress: CrawlProgress): void {
      const { pagesDone, pagesTotal } = progress
      if (pagesTotal === null) return
      const fraction = pagesTotal === 0 ? 1 : Math.min(1, pagesDone / pagesTotal)
      if (output.isTTY) {
        const filled = Math.round(fraction * BAR_WIDTH)
        const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`
        const line = `${bar} ${percent(fraction)} ${summarise(progress)}`
        output.write(`\r${line.slice(0, Math.max(20, (output.columns ?? 80) - 1))}\x1b[K`)
        drawn = true
        return
      }
      const tenth = Math.floor(fraction * 10)
      if (tenth > lastTenth) {
        lastTenth = tenth
        output.write(`Snapshot ${percent(tenth / 10)}: ${summarise(progress)}\n`)
      }
    },
    /** Ends the bar's line, so what follows starts on a line of its own. */
    finish(): void {
      if (drawn) output.write('\n')
      drawn = false
    },
  }
}

function percent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`
}

function summarise(progress: CrawlProgress): string {
  const parts = [
    `${progress.pagesDone} of ${progress.pagesTotal} pages`,
    `${progress.records} records`,
    `${progress.requests} requests`,
    `${progress.requestsPerSecond.toFixed(1)} requests/s`,
  ]
  if (progress.pause?.reason === 'rateLimited')
    parts.push(`waiting ${Math.ceil(progress.pause.ms / 1000)} s for the rate limit`)
  else if (progress.secondsLeft !== null && progress.pagesDone < (progress.pagesTotal ?? 0)) {
    parts.push(`about ${formatDuration(progress.secondsLeft)} left`)
  }
  return parts.join(', ')
}

function formatDuration(seconds: number): string {
  const whole = Math.ceil(seconds)
  if (whole < 60) return `${whole} s`
  return `${Math.floor(whole / 60)} min ${whole % 60} s`
}
