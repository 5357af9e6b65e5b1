/**
 * Where a page load's main-thread time goes, from the CPU profile's samples (bench/app/main-thread-trace.ts):
 * each sample's stack is read back to the explorer's own sources through the build's source maps (dist/ keeps
 * them, unserved) and the sample is given to the first kind of work its stack shows, in the order of
 * `KINDS`. A count of samples does not stretch with the machine's load the way a duration does: shares of
 * one profile compare across runs and builds.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import type { CallFrame, MainThreadTrace } from './main-thread-trace'

/** A frame read back to the source it was built from. */
export interface SourceFrame {
  /** The original file, from the package or repository root: `node_modules/zod/…`, `src/app/router.tsx`. */
  source: string
  /** The original function name where the map knows it, else the built one. */
  name: string
  /** The built file: `index-Cxzz3AUL.js`, or '' for the browser's own work. */
  chunk: string
  /** The module's top-level code (its evaluation), not a function of it. */
  topLevel: boolean
}

const inPackage = (name: string) => (frame: SourceFrame) => frame.source.startsWith(`node_modules/${name}/`)
const inSource = (prefix: string) => (frame: SourceFrame) => frame.source.startsWith(prefix)

/** The kinds of work, most specific first: a sample counts for the first whose test a frame of it passes. */
export const KINDS: readonly { kind: string; test: (frame: SourceFrame) => boolean }[] = [
  {
    kind: "React Query's hydration (the rendered cache)",
    test: (frame) => frame.source.includes('@tanstack/query-core/') && frame.source.endsWith('hydration.js'),
  },
  { kind: 'zod (schemas built and values checked)', test: inPackage('zod') },
  {
    kind: "the catalogue index's start (worker, status)",
    test: (frame) => inSource('src/catalogue-index/')(frame) || inPackage('comlink')(frame),
  },
  {
    kind: "the service worker's registration",
    test: (frame) => inSource('src/app/register-service-worker')(frame) || inPackage('workbox-window')(frame),
  },
  {
    kind: 'prefetching (route code, palette)',
    test: (frame) =>
      inSource('src/app/prefetch-route-code')(frame) || /^prefetch(RouteModules|Palette)$/.test(frame.name),
  },
  {
    kind: 'React: hydration, renders, effects (components included)',
    test: (frame) =>
      inPackage('react-dom')(frame) || inPackage('scheduler')(frame) || inPackage('react')(frame),
  },
  { kind: 'the router (routes, loaders, navigation)', test: inPackage('react-router') },
  { kind: 'module evaluation (top-level code)', test: (frame) => frame.topLevel },
  { kind: "the explorer's other code", test: inSource('src/') },
  { kind: 'other JavaScript', test: (frame) => frame.chunk !== '' },
]

/** V8's names for time that is no function's: the browser's own work, and garbage collection. */
const NATIVE: Record<string, string> = {
  '(program)': "the browser's own work (HTML, style, layout, paint)",
  '(garbage collector)': 'garbage collection',
}

/** Reads built frames back to their sources, with the source maps of one build (its dist/ folder). */
export class SourceReader {
  private readonly maps = new Map<string, TraceMap | null>()
  private readonly frames = new Map<string, SourceFrame>()

  constructor(private readonly dist: string) {}

  read(frame: CallFrame): SourceFrame {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`
    const known = this.frames.get(key)
    if (known) return known
    const chunk = chunkOf(frame.url)
    const map = chunk === '' ? null : this.mapOf(chunk)
    const original = map
      ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
      : null
    const read: SourceFrame = {
      source: original?.source ? sourcePath(original.source) : chunk,
      name: original?.name ?? frame.functionName,
      chunk,
      topLevel:
        chunk !== '' && frame.functionName === '' && frame.lineNumber === 0 && frame.columnNumber === 0,
    }
    this.frames.set(key, read)
    return read
  }

  private mapOf(chunk: string): TraceMap | null {
    if (!this.maps.has(chunk)) {
      const file = join(this.dist, 'assets', `${chunk}.map`)
      this.maps.set(chunk, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null)
    }
    return this.maps.get(chunk) ?? null
  }
}

/** `http://127.0.0.1:8080/assets/index-x.js` → `index-x.js`; '' for what is not the app's script. */
function chunkOf(url: string): string {
  const match = /\/assets\/([^/?#]+\.js)(?:[?#]|$)/.exec(url)
  return match?.[1] ?? ''
}

/** A map's source (`../../node_modules/zod/v4/…`, `../../src/main.tsx`) from the package or repository root. */
function sourcePath(source: string): string {
  const modules = source.lastIndexOf('node_modules/')
  if (modules !== -1) return source.slice(modules)
  return source.replace(/^(\.\.\/)+/, '')
}

/** Milliseconds of main-thread time per kind of work (idle time left out), in one or more profiled loads. */
export type Attribution = Map<string, number>

export function attribute(samples: MainThreadTrace['samples'], reader: SourceReader): Attribution {
  const byKind: Attribution = new Map()
  const add = (kind: string, ms: number) => byKind.set(kind, (byKind.get(kind) ?? 0) + ms)
  for (const { stack, ms } of samples) {
    const kind = kindOf(stack, reader)
    if (kind !== null) add(kind, ms)
  }
  return byKind
}

/** The kinds of work in a fixed order (`KINDS`, then the browser's own), for tables that compare runs. */
export const ATTRIBUTION_ORDER = [...KINDS.map(({ kind }) => kind), ...Object.values(NATIVE)]

/** What one profiled load says: its samples by kind of work, its tasks by piece, its longest tasks. */
export interface LoadProfile {
  kinds: Attribution
  pieces: Map<string, number>
  longestTasks: string[]
}

export function profileOf(trace: MainThreadTrace, reader: SourceReader): LoadProfile {
  return {
    kinds: attribute(trace.samples, reader),
    pieces: trace.pieces,
    longestTasks: explainLongestTasks(trace, reader, 3),
  }
}

/** The kind of work of one sample (null: idle). */
function kindOf(stack: CallFrame[], reader: SourceReader): string | null {
  const leaf = stack.at(-1)?.functionName ?? '(program)'
  if (leaf === '(idle)' || leaf === '(root)') return null
  if (leaf in NATIVE) return NATIVE[leaf] as string
  const frames = stack.filter((frame) => !frame.functionName.startsWith('(')).map((f) => reader.read(f))
  return KINDS.find(({ test }) => frames.some(test))?.kind ?? 'other JavaScript'
}

/** The innermost frame of the explorer's own code in a stack, else the innermost package's file. */
function ownerOf(stack: CallFrame[], reader: SourceReader): string {
  const frames = stack.filter((frame) => !frame.functionName.startsWith('(')).map((f) => reader.read(f))
  const own = frames.findLast((frame) => frame.source.startsWith('src/'))
  if (own) return `${own.source.replace(/^src\//, '')} ${own.name}`.trim()
  const leaf = frames.at(-1)
  if (!leaf) return stack.at(-1)?.functionName ?? '?'
  const [, pkg] = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(leaf.source) ?? []
  return pkg ?? leaf.source
}

/**
 * The `count` tasks of a profiled load in which the thread ran longest, each with its duration, its thread
 * time, when it started (ms from the first task of the page's renderer) and what its samples show: the
 * largest kinds of work and the code they were in.
 */
export function explainLongestTasks(trace: MainThreadTrace, reader: SourceReader, count = 5): string[] {
  const first = trace.tasks[0]?.ts ?? 0
  const top = (weights: Map<string, number>, total: number, n: number) =>
    [...weights]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `${name} ${((100 * ms) / total).toFixed(0)}%`)
      .join(', ')
  return [...trace.tasks]
    .sort((a, b) => b.cpuMs - a.cpuMs)
    .slice(0, count)
    .map((task) => {
      const kinds = new Map<string, number>()
      const owners = new Map<string, number>()
      let total = 0
      for (const sample of trace.samples) {
        if (sample.ts < task.ts || sample.ts >= task.ts + task.ms * 1000) continue
        const kind = kindOf(sample.stack, reader)
        if (kind === null) continue
        total += sample.ms
        kinds.set(kind, (kinds.get(kind) ?? 0) + sample.ms)
        const owner = ownerOf(sample.stack, reader)
        owners.set(owner, (owners.get(owner) ?? 0) + sample.ms)
      }
      const at = (task.ts - first) / 1000
      const inside = total > 0 ? `${top(kinds, total, 3)}; in ${top(owners, total, 4)}` : 'no samples'
      return `${task.ms.toFixed(0)} ms (thread ${task.cpuMs.toFixed(0)} ms) at ${at.toFixed(0)} ms: ${inside}`
    })
}
