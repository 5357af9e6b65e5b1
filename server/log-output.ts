import pino from 'pino'
import { build as pretty } from 'pino-pretty'
import type { LogDestination } from './http/request-log'

/** Standard output as the service's log destination, and how to flush it before exiting. */
export interface LogOutput {
  destination: LogDestination
  flush(): void
}

/**
 * Standard output, written asynchronously (a busy server does not wait on its log), as JSON lines or, with
 * `pretty`, as lines for a person. A broken or closed stdout (a log reader that went away: EPIPE) only stops
 * the log: the error is swallowed, so logging never takes the service down.
 */
export function stdoutLog(format: 'json' | 'pretty'): LogOutput {
  // Asynchronous writes; lines that arrive while one is in flight go out together in the next.
  const stdout = pino.destination({ dest: 1, sync: false })
  let broken = false
  stdout.on('error', () => {
    broken = true
  })
  // Anything else that writes to stdout (console.log) must not crash on the same broken pipe.
  process.stdout.on('error', () => undefined)
  const flush = () => {
    if (broken) return
    try {
      stdout.flushSync()
    } catch {
      broken = true
    }
  }
  if (format === 'json') return { destination: stdout, flush }
  const lines = pretty({ destination: stdout, colorize: process.stdout.isTTY === true, sync: false })
  lines.on('error', () => undefined)
  return { destination: lines, flush }
}
