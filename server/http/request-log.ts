/** Receives one finished line per request (and the odd server error). */
export type LogSink = (line: string) => void

let stampedAt = 0
let stamp = ''

/** The current time as ISO 8601, formatted at most once a millisecond (a busy server logs many per ms). */
function timestamp(): string {
  const now = Date.now()
  if (now !== stampedAt) {
    stampedAt = now
    stamp = new Date(now).toISOString()
  }
  return stamp
}

/** One line per request: time, method, path (without the query), status, duration. Never a header. */
export function requestLine(method: string, url: string, status: number, milliseconds: number): string {
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  return `${timestamp()} ${method} ${path} ${status} ${milliseconds.toFixed(1)}ms`
}

/** Lines wait at most this long (ms), or until this many are pending, before they are written. */
const FLUSH_DELAY = 100
const FLUSH_LINES = 512

/**
 * A sink that writes lines to a stream in batches, so a busy server does not pay a write per request.
 * `flush()` writes what is pending (call it before exiting).
 */
export function batchedSink(stream: NodeJS.WritableStream): LogSink & { flush(): void } {
  let pending: string[] = []
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (pending.length === 0) return
    stream.write(`${pending.join('\n')}\n`)
    pending = []
  }
  const sink = (line: string) => {
    pending.push(line)
    if (pending.length >= FLUSH_LINES) flush()
    else if (!timer) timer = setTimeout(flush, FLUSH_DELAY).unref()
  }
  return Object.assign(sink, { flush })
}
