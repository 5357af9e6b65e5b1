/**
 * What the page's main thread did in its long tasks, from a Chromium performance trace (the JSON that
 * `browser.startTracing` writes, one event a line; hundreds of MB for a long crawl, so it is read line by
 * line): for each task over the threshold, its duration and the longest events inside it (with the script's
 * function and file where the trace names them).
 * Usage: npx tsx bench/trace-long-tasks.ts <trace.json>
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: {
    name?: string
    data?: {
      functionName?: string
      url?: string
      type?: string
      frames?: { functionName?: string; url?: string }[]
    }
  }
}

export interface LongTask {
  ms: number
  /** Milliseconds from the first event of the trace. */
  atMs: number
  /** The longest events inside the task, "name (function file) 12 ms", longest first. */
  inside: string[]
}

export async function longTasksOf(tracePath: string, thresholdMs = 50): Promise<LongTask[]> {
  const mains = new Set<string>()
  const events: TraceEvent[] = []
  let first = Number.POSITIVE_INFINITY
  const lines = createInterface({ input: createReadStream(tracePath) })
  for await (const line of lines) {
    const text = line.trim().replace(/,$/, '')
    if (!text.startsWith('{"')) continue
    let event: TraceEvent
    try {
      event = JSON.parse(text)
    } catch {
      continue
    }
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      mains.add(`${event.pid}:${event.tid}`)
    if (event.ph === 'X' && (event.dur ?? 0) >= 2000) events.push(event)
    if (event.ts > 0) first = Math.min(first, event.ts)
  }
  const onMain = events.filter((event) => mains.has(`${event.pid}:${event.tid}`))
  const tasks = onMain.filter(
    (event) =>
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
      (event.dur ?? 0) > thresholdMs * 1000,
  )
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    const inside = onMain
      .filter(
        (event) =>
          event !== task &&
          event.tid === task.tid &&
          event.pid === task.pid &&
          event.ts >= task.ts &&
          event.ts < end,
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 8)
      .map((event) => {
        const data = event.args?.data
        const frame = data?.frames?.[0]
        const where = [
          data?.functionName ?? frame?.functionName,
          (data?.url ?? frame?.url)?.split('/').pop(),
          data?.type,
        ]
          .filter(Boolean)
          .join(' ')
        return `${event.name}${where ? ` (${where})` : ''} ${((event.dur ?? 0) / 1000).toFixed(0)} ms`
      })
    return { ms: Math.round((task.dur ?? 0) / 1000), atMs: Math.round((task.ts - first) / 1000), inside }
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2]
  if (!path) throw new Error('usage: trace-long-tasks.ts <trace.json>')
  for (const task of await longTasksOf(path))
    console.log(`${task.atMs} ms: ${task.ms} ms: ${task.inside.join('; ')}`)
}
