import pino from 'pino'
import { build as pretty } from 'pino-pretty'
import type { LogDestination } from './http/request-log'

/** Standard output as the service's log destination (flushed when the process exits), and how to flush it now. */
export interface LogOutput {
  destination: LogDestination
  flush(): void
}

/** Lines are handed on once this many characters are waiting (a write per request would cost more than the request). */
export const LOG_BATCH_CHARACTERS = 64 * 1024
/** …or after this long (ms), so that a quiet service's lines are not held back. */
export const LOG_FLUSH_MS = 100
/** Lines waiting for a reader that stopped reading are dropped past this many bytes (the memory it may hold). */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024

/**
 * Lines gathered in an array and handed to `out` joined, about 64 KiB at a time or after 100 ms. sonic-boom's
 * own `minLength` appends each line to one growing string and measures its byte length on every write, which
 * copies the whole pending batch once a line.
 */
export class LineBatches {
  private lines: string[] = []
  private characters = 0
  private readonly timer: NodeJS.Timeout

  constructor(private readonly out: { write(text: string): unknown }) {
    this.timer = setTimeout(() => this.flush(), LOG_FLUSH_MS)
    this.timer.unref()
  }

  write(line: string): boolean {
    if (this.lines.length === 0) this.timer.refresh()
    this.lines.push(line)
    this.characters += line.length
    if (this.characters >= LOG_BATCH_CHARACTERS) this.flush()
    return true
  }

  /** Hands every waiting line on now. */
  flush(): void {
    if (this.lines.length === 0) return
    const text = this.lines.join('')
    this.lines = []
    this.characters = 0
    this.out.write(text)
  }
}

/**
 * Standard output, written asynchronously (a busy server does not wait on its log) in batches of about 64 KiB
 * or every 100 ms, as JSON lines or, with `pretty`, as lines for a person. A reader that stops reading holds
 * at most LOG_BUFFER_BYTES (later lines are dropped). A broken or closed stdout (a log reader that went away:
 * EPIPE) only stops the log: the error is swallowed, so logging never takes the service down.
 */
export function stdoutLog(format: 'json' | 'pretty'): LogOutput {
  const stdout = pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES })
  let broken = false
  stdout.on('error', () => {
    broken = true
  })
  // Anything else that writes to stdout (console.log) must not crash on the same broken pipe.
  process.stdout.on('error', () => undefined)
  const batches = new LineBatches(stdout)
  const flush = () => {
    batches.flush()
    if (broken) return
    try {
      stdout.flushSync()
    } catch {
      broken = true
    }
  }
  // Every way out (exit at the shutdown deadline, a failed start, an uncaught error) passes through 'exit',
  // where only synchronous work runs: the lines that explain why the process ended are written.
  process.once('exit', flush)
  if (format === 'json') return { destination: batches, flush }
  const lines = pretty({ destination: stdout, colorize: process.stdout.isTTY === true, sync: false })
  lines.on('error', () => undefined)
  return { destination: lines, flush }
}
