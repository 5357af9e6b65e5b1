/**
 * What a process allows the streams of whole views (contract §12, §13's slow readers): how many are open at
 * once, whoever asks (the rate limit off, or keys enough, change nothing), and how fast each must move. A
 * send timeout catches a reader that stops, not one that takes a byte a second; so a stream that moves fewer
 * than `minBytes` in a `windowMs` is closed, and a stream over the cap is refused before its first byte. With
 * the per-stream buffers small, the memory stalled streams hold is bounded whatever clients do.
 */
export interface StreamLimits {
  /** Streams open at once, at most. */
  maxOpen: number
  /** Bytes a stream must move in each window, or be closed (its client sees a truncated body). */
  minBytes: number
  windowMs: number
}

/**
 * Each stream fills its connection's kernel buffers (megabytes) before it can stall, rendering as it goes: past
 * a dozen or so at once the garbage of that burst outruns the collector and the service's memory jumps
 * (measured in docs/decisions.md, "Slow readers"), so the cap sits below it.
 */
export const STREAM_LIMITS: StreamLimits = { maxOpen: 16, minBytes: 16 * 1024, windowMs: 30_000 }

/** The bytes a stream's stages each hold at most before they wait for the client (backpressure). */
export const STREAM_BUFFER_BYTES = 16 * 1024

/** The streams open now in this process, within `limits.maxOpen`. */
export class OpenStreams {
  private open = 0

  constructor(readonly limits: StreamLimits = STREAM_LIMITS) {}

  /** A place for one more stream: what to call when it ends (once), or null when every place is taken. */
  take(): (() => void) | null {
    if (this.open >= this.limits.maxOpen) return null
    this.open++
    let released = false
    return () => {
      if (released) return
      released = true
      this.open--
    }
  }

  /** Streams open now (for tests and metrics). */
  get count(): number {
    return this.open
  }
}
