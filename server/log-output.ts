import { writeSync } from 'node:fs'
import { Writable } from 'node:stream'
import { build as pretty } from 'pino-pretty'
import type { LogDestination } from './http/request-log'
import { FdWriter } from './log-writer'

/** Standard output as the service's log destination, and how to let it catch up before the process exits. */
export interface LogOutput {
  destination: LogDestination
  /** Hands on every waiting line and resolves once stdout took them all, or after `ms`. */
  drain(ms: number): Promise<void>
}

/** Lines are handed on once this many characters are waiting (a write per request would cost more than the request). */
export const LOG_BATCH_CHARACTERS = 64 * 1024
/** …or after this long (ms), so that a quiet service's lines are not held back. */
export const LOG_FLUSH_MS = 100
/** Lines waiting for a reader that stopped reading are dropped past this many bytes (the memory it may hold). */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024

/**
 * Lines gathered in an array and handed to `out` joined, about LOG_BATCH_CHARACTERS at a time or after
 * LOG_FLUSH_MS. sonic-boom's
 * own `minLength` appends each line to one growing string and measures its byte length on every write, which
 * copies the whole pending batch once a line.
 */
export class LineBatches {
  private lines: string[] = []
  private characters = 0
  private readonly timer: NodeJS.Timeout

  constructor(private readonly out: { write(text: string, lines?: number): unknown }) {
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
    const count = this.lines.length
    this.lines = []
    this.characters = 0
    this.out.write(text, count)
  }
}

/** What is said on stderr when log lines could not be written (a count; the lines themselves are gone). */
export const droppedLinesNotice = (lines: number) =>
  `${lines} log line${lines === 1 ? '' : 's'} could not be written to stdout (its reader stopped reading or went away) and ${lines === 1 ? 'was' : 'were'} dropped.\n`

/**
 * Standard output, written asynchronously (a busy server does not wait on its log) in batches of about
 * LOG_BATCH_CHARACTERS or every LOG_FLUSH_MS, as JSON lines or, with `pretty`, as lines for a person. A reader that stops reading holds
 * at most LOG_BUFFER_BYTES (later lines are dropped); a broken or closed stdout (EPIPE) only stops the log.
 * Nothing ever waits on the reader, so shutdown ends by its deadline however stdout behaves (contract §11):
 * lines still unwritten when the process exits are dropped, and their number written to stderr.
 */
export function stdoutLog(format: 'json' | 'pretty'): LogOutput {
  const writer = new FdWriter(1, LOG_BUFFER_BYTES)
  // Anything else that writes to stdout (console.log) must not crash on a broken pipe.
  process.stdout.on('error', () => undefined)
  const batches = new LineBatches(writer)
  // Every way out (exit at the shutdown deadline, a failed start, an uncaught error) passes through 'exit',
  // where only synchronous work runs: the lines that explain why the process ended are written if stdout
  // takes them at once; the rest are counted on stderr.
  process.once('exit', () => {
    batches.flush()
    const unwritten = writer.finishSync()
    if (unwritten === 0) return
    try {
      writeSync(2, droppedLinesNotice(unwritten))
    } catch {
      // stderr is gone too: nothing more to say.
    }
  })
  const drain = (ms: number) => {
    batches.flush()
    return writer.drained(ms)
  }
  if (format === 'json') return { destination: batches, drain }
  const toWriter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writer.write(chunk.toString())
      done()
    },
  })
  const lines = pretty({ destination: toWriter, colorize: process.stdout.isTTY === true, sync: false })
  lines.on('error', () => undefined)
  return { destination: lines, drain }
}
