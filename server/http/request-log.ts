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

/**
 * A sink that writes lines to a stream in batches (once per turn of the event loop), so a busy server does
 * not pay a write per request.
 */
export function batchedSink(stream: NodeJS.WritableStream): LogSink & { flush(): void } {
  let pending: string[] = []
  const flush = () => {
    if (pending.length === 0) return
    stream.write(`${pending.join('\n')}\n`)
    pending = []
  }
  const sink = (line: string) => {
    if (pending.length === 0) setImmediate(flush)
    pending.push(line)
  }
  return Object.assign(sink, { flush })
}
