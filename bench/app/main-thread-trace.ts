/**
 * Reads a Chromium trace of one page load (the JSON `browser.stopTracing()` returns) for the renderer that
 * committed the page: its main thread's tasks and, when the trace recorded V8's CPU profiler, the samples of
 * its JavaScript. The page's renderer is named by the browser's `FrameCommittedInBrowser` event (a new page
 * starts in one renderer and commits a site's page in another); its main thread has the process's id.
 */

/** What these readings need: top-level tasks and the frame's commit (both cheap to record). */
export const TASK_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline']
/** The same, with V8's sampling CPU profiler and the events that name the pieces of a task. */
export const PROFILE_CATEGORIES = [
  ...TASK_CATEGORIES,
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
]

/** The trace's events inside a task, by what they are (the outermost of them counts, once). */
const PIECES: Record<string, readonly string[]> = {
  'script (module evaluation, calls, microtasks, timers, idle callbacks, events)': [
    'v8.evaluateModule',
    'EvaluateScript',
    'FunctionCall',
    'RunMicrotasks',
    'TimerFire',
    'FireIdleCallback',
    'FireAnimationFrame',
    'EventDispatch',
    'HandlePostMessage',
  ],
  'script compilation': ['v8.compile', 'v8.compileModule', 'v8.compileCode'],
  'HTML parsing': ['ParseHTML'],
  style: ['UpdateLayoutTree'],
  layout: ['Layout'],
  'paint and compositing': ['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer'],
  'garbage collection': ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR'],
}
/** What a task's time holds beyond the pieces above: IPC, loading, the scheduler. */
export const OTHER_PIECE = 'other (loading, messages, the scheduler)'
/** The pieces in a fixed order, for tables that compare loads. */
export const PIECE_ORDER = [...Object.keys(PIECES), OTHER_PIECE]

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** The event's duration on its thread's own clock (µs), where the trace records it. */
  tdur?: number
  pid: number
  tid: number
  id?: string
  args?: { data?: Record<string, unknown> }
}

/** A frame of a sampled stack, as V8 names it. */
export interface CallFrame {
  functionName: string
  url: string
  /** 0-based, as V8 counts. */
  lineNumber: number
  columnNumber: number
}

export interface MainThreadTrace {
  /**
   * Each top-level task of the page's main thread: start (µs, the trace's clock), duration (ms) and the time
   * the thread ran in it (ms, its own clock: on a busy machine another process holds the core for part of a
   * task's duration).
   */
  tasks: { ts: number; ms: number; cpuMs: number }[]
  /** Time (ms) in the trace's script events that evaluate a module (`v8.evaluateModule`), top-level only. */
  moduleEvaluationMs: number
  /** The tasks' time by what the trace's events inside them are (`PIECES`, then `OTHER_PIECE`), ms. */
  pieces: Map<string, number>
  /**
   * The CPU profile's samples on the main thread: each sample's time (µs, the trace's clock), its stack,
   * leaf last, and its weight in ms.
   */
  samples: { ts: number; stack: CallFrame[]; ms: number }[]
}

function parse(json: string): TraceEvent[] {
  return (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents
}

/** The renderer process that committed the last main-frame navigation to a URL starting with `origin`. */
function pageProcess(events: TraceEvent[], origin: string): number {
  const commit = events
    .filter(
      (event) =>
        event.name === 'FrameCommittedInBrowser' &&
        String(event.args?.data?.url ?? '').startsWith(origin) &&
        event.args?.data?.isOutermostMainFrame === true,
    )
    .at(-1)
  const pid = commit?.args?.data?.processId
  if (typeof pid !== 'number')
    throw new Error(`The trace holds no page of ${origin} committed in a renderer.`)
  return pid
}

/** The page's main-thread tasks, its module evaluation and its CPU profile samples, from a trace. */
export function readMainThread(json: string, origin: string): MainThreadTrace {
  const events = parse(json)
  const pid = pageProcess(events, origin)
  const onMain = (event: TraceEvent) => event.pid === pid && event.tid === pid
  const tasks = events
    .filter((event) => onMain(event) && event.ph === 'X' && event.name === 'RunTask')
    .map((event) => ({
      ts: event.ts,
      ms: (event.dur ?? 0) / 1000,
      cpuMs: (event.tdur ?? event.dur ?? 0) / 1000,
    }))
  const evaluations = events.filter(
    (event) => onMain(event) && event.ph === 'X' && event.name === 'v8.evaluateModule',
  )
  // A module that imports others evaluates them inside its own event: count the outermost ones only.
  const outer = evaluations.filter(
    (event) =>
      !evaluations.some(
        (other) =>
          other !== event &&
          other.ts <= event.ts &&
          other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0),
      ),
  )
  return {
    tasks,
    moduleEvaluationMs: outer.reduce((total, event) => total + (event.dur ?? 0) / 1000, 0),
    pieces: piecesOf(events.filter(onMain), tasks),
    samples: profileSamples(events, pid),
  }
}

/** The tasks' time by piece: each event of `PIECES` that no other such event holds counts once. */
function piecesOf(main: TraceEvent[], tasks: MainThreadTrace['tasks']): Map<string, number> {
  const pieceOf = new Map(
    Object.entries(PIECES).flatMap(([piece, names]) => names.map((name) => [name, piece])),
  )
  const counted = main
    .filter((event) => event.ph === 'X' && pieceOf.has(event.name))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const pieces = new Map<string, number>()
  let coveredUntil = Number.NEGATIVE_INFINITY
  for (const event of counted) {
    if (event.ts < coveredUntil) continue // inside an event already counted
    coveredUntil = event.ts + (event.dur ?? 0)
    const piece = pieceOf.get(event.name) as string
    pieces.set(piece, (pieces.get(piece) ?? 0) + (event.dur ?? 0) / 1000)
  }
  const inPieces = [...pieces.values()].reduce((total, ms) => total + ms, 0)
  const inTasks = tasks.reduce((total, { ms }) => total + ms, 0)
  pieces.set(OTHER_PIECE, Math.max(0, inTasks - inPieces))
  return pieces
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: CallFrame
}

/** A node as the trace writes it: V8 leaves out a frame's position and URL when it has none. */
type TracedNode = Omit<ProfileNode, 'callFrame'> & { callFrame: Partial<CallFrame> }

/**
 * The samples of the main thread's CPU profile. The profile comes in chunks (`ProfileChunk`, sent from a
 * sampler thread under the id of the `Profile` event the profiled thread wrote): nodes are added as they
 * first appear, samples name a node, and `timeDeltas` give the time between samples.
 */
function profileSamples(events: TraceEvent[], pid: number): MainThreadTrace['samples'] {
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === pid)
  if (!profile) return []
  const nodes = new Map<number, ProfileNode>()
  const ids: number[] = []
  const deltas: number[] = []
  const chunks = events.filter(
    (event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id,
  )
  for (const chunk of chunks) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: TracedNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined
    for (const node of data?.cpuProfile?.nodes ?? []) {
      nodes.set(node.id, {
        ...node,
        callFrame: {
          functionName: node.callFrame.functionName ?? '',
          url: node.callFrame.url ?? '',
          lineNumber: node.callFrame.lineNumber ?? 0,
          columnNumber: node.callFrame.columnNumber ?? 0,
        },
      })
    }
    ids.push(...(data?.cpuProfile?.samples ?? []))
    deltas.push(...(data?.timeDeltas ?? []))
  }
  const stacks = new Map<number, CallFrame[]>()
  const stackOf = (id: number): CallFrame[] => {
    const known = stacks.get(id)
    if (known) return known
    const node = nodes.get(id)
    const stack = node ? [...(node.parent === undefined ? [] : stackOf(node.parent)), node.callFrame] : []
    stacks.set(id, stack)
    return stack
  }
  // Each delta is the time since the previous sample, from the profile's start; a sample's weight is the
  // time until the next one (the last sample gets the one before it).
  const start = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts)
  let ts = start
  return ids.map((id, index) => {
    ts += deltas[index] ?? 0
    return { ts, stack: stackOf(id), ms: (deltas[index + 1] ?? deltas[index] ?? 0) / 1000 }
  })
}
