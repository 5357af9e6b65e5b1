import { write, writeSync } from 'node:fs'

/** How long to wait before writing again when the descriptor says it would block (ms). */
const RETRY_MS = 10

interface Chunk {
  bytes: Buffer
  lines: number
}

/**
 * Writes text to a file descriptor (stdout) asynchronously, one write at a time, holding at most `maxBytes`
 * for a reader that stops reading: later lines are dropped and counted. Nothing here ever waits on the
 * reader: a stalled or closed stdout costs lines, never the service or its shutdown (contract §11).
 */
export class FdWriter {
  private readonly queue: Chunk[] = []
  private queuedBytes = 0
  private writing = false
  private broken = false
  private dropped = 0
  private readonly drainWaiters = new Set<() => void>()

  constructor(
    private readonly fd: number,
    private readonly maxBytes: number,
  ) {}

  /** Queues `text` (`lines` log lines; counted from its line ends when not given). */
  write(text: string, lines = countLines(text)): boolean {
    if (this.broken || this.queuedBytes + text.length > this.maxBytes) {
      this.dropped += lines
      return true
    }
    const bytes = Buffer.from(text)
    this.queue.push({ bytes, lines })
    this.queuedBytes += bytes.length
    if (!this.writing) this.next()
    return true
  }

  /** Log lines not written: dropped, or still waiting for the reader. */
  get unwritten(): number {
    let waiting = 0
    for (const chunk of this.queue) waiting += chunk.lines
    return this.dropped + waiting
  }

  /** Resolves once everything queued is written (or can never be), or after `ms`, whichever comes first. */
  drained(ms: number): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.drainWaiters.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.drainWaiters.add(done)
    })
  }

  /**
   * On the way out ('exit', where only synchronous work runs): writes what waits, each chunk tried once, but
   * only when no write is in progress (a write in progress means the reader is not reading: a synchronous one
   * would wait for it for ever). Returns the log lines left unwritten.
   */
  finishSync(): number {
    if (!this.writing && !this.broken) {
      while (this.queue.length > 0) {
        const chunk = this.queue[0] as Chunk
        try {
          const written = writeSync(this.fd, chunk.bytes)
          if (written < chunk.bytes.length) break
        } catch {
          break
        }
        this.queue.shift()
      }
    }
    return this.unwritten
  }

  private next(): void {
    const chunk = this.queue[0]
    if (chunk === undefined) {
      this.writing = false
      for (const waiter of [...this.drainWaiters]) waiter()
      return
    }
    this.writing = true
    write(this.fd, chunk.bytes, 0, chunk.bytes.length, null, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.next(), RETRY_MS).unref()
          return
        }
        // EPIPE and the like: the reader is gone for good; the log stops, the service does not.
        this.broken = true
        this.dropped += this.unwritten - this.dropped
        this.queue.length = 0
        this.queuedBytes = 0
        this.writing = false
        for (const waiter of [...this.drainWaiters]) waiter()
        return
      }
      if (written < chunk.bytes.length) {
        chunk.bytes = chunk.bytes.subarray(written)
        this.queuedBytes -= written
      } else {
        this.queue.shift()
        this.queuedBytes -= chunk.bytes.length
      }
      this.next()
    })
  }
}

function countLines(text: string): number {
  let lines = 0
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++
  return lines
}
