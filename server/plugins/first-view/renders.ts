import type { FirstView, FirstViewEntry, FirstViewSource } from '../../../src/catalogue'

/** How many first views render at once, how many wait at most, and how long a navigation waits for one. */
export type RenderLimits = {
  concurrency: number
  queueLength: number
  /** From the navigation's arrival: waiting and rendering (ms). */
  deadlineMs: number
}

/**
 * Two renders at once keep the render thread busy while one waits for its API answers; 16 waiting are under
 * two seconds of the largest pages; a navigation waits at most 5 s, far more than a render takes, then gets the
 * app's index.html (the app then asks for its data itself).
 */
export const RENDER_LIMITS: RenderLimits = { concurrency: 2, queueLength: 16, deadlineMs: 5_000 }

/** A render's outcome: its view, or why there is none (the navigation then gets the app's index.html). */
export type RenderOutcome =
  | { ok: true; view: FirstView }
  | { ok: false; why: 'busy' | 'gone' | 'late' | 'closed' }
  | { ok: false; why: 'failed'; error: unknown }

/** The source of a render's data, made for it: its requests end once the render is given up (`signal`). */
export type SourceFor = (signal: AbortSignal) => FirstViewSource

type Job = {
  url: string
  headers: Headers
  source: SourceFor
  aborts: AbortController
  settle: (outcome: RenderOutcome) => void
}

/**
 * The first views being rendered and waiting: at most `concurrency` at once, at most `queueLength` waiting
 * (beyond that a navigation gets the app's index.html at once), each within its deadline. A render whose
 * visitor closes the connection is given up: dropped while it waits, aborted while it runs (its request's
 * signal, which ends its API requests and, in the render thread, the render); so is one past its deadline;
 * and `close` gives up every one, so that shutdown ends by its deadline whatever was waiting.
 */
export class FirstViewRenders {
  private readonly waiting: Job[] = []
  private readonly active = new Set<Job>()
  private closed = false

  constructor(
    private readonly render: FirstViewEntry['renderFirstView'],
    private readonly limits: RenderLimits = RENDER_LIMITS,
  ) {}

  /** Renders `request` in its turn; `leaving` aborts when the visitor closes the connection. */
  run(request: Request, source: SourceFor, leaving: AbortSignal): Promise<RenderOutcome> {
    if (this.closed) return Promise.resolve({ ok: false, why: 'closed' })
    if (leaving.aborted) return Promise.resolve({ ok: false, why: 'gone' })
    if (this.active.size >= this.limits.concurrency && this.waiting.length >= this.limits.queueLength) {
      return Promise.resolve({ ok: false, why: 'busy' })
    }
    return new Promise((resolve) => {
      const left = () => this.giveUp(job, { ok: false, why: 'gone' })
      const late = setTimeout(() => this.giveUp(job, { ok: false, why: 'late' }), this.limits.deadlineMs)
      const job: Job = {
        url: request.url,
        headers: request.headers,
        source,
        aborts: new AbortController(),
        settle: (outcome) => {
          clearTimeout(late)
          leaving.removeEventListener('abort', left)
          resolve(outcome)
        },
      }
      leaving.addEventListener('abort', left, { once: true })
      this.waiting.push(job)
      this.next()
    })
  }

  /** Gives up every render, waiting or running: their navigations get the app's index.html now. */
  close(): void {
    this.closed = true
    for (const job of [...this.waiting, ...this.active]) this.giveUp(job, { ok: false, why: 'closed' })
  }

  private giveUp(job: Job, outcome: RenderOutcome): void {
    const index = this.waiting.indexOf(job)
    if (index !== -1) this.waiting.splice(index, 1)
    // A running render keeps its place until it ends: the thread is still doing its work.
    job.aborts.abort()
    job.settle(outcome)
  }

  private next(): void {
    while (this.active.size < this.limits.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as Job
      this.active.add(job)
      const request = new Request(job.url, { headers: job.headers, signal: job.aborts.signal })
      this.render(request, job.source(job.aborts.signal))
        .then(
          (view) => job.settle({ ok: true, view }),
          (error: unknown) => job.settle({ ok: false, why: 'failed', error }),
        )
        .finally(() => {
          this.active.delete(job)
          this.next()
        })
    }
  }
}
