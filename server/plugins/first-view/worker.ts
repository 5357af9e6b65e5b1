import { Worker } from 'node:worker_threads'
import { proxy, type Remote, transfer, wrap } from 'comlink'
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js'
import type { FirstView, FirstViewEntry } from '../../../src/catalogue'
import type { AskService, FirstViewThread, ThreadAnswer } from './thread'

/**
 * Heap of the render thread at most (MB): a comparison of 500 records takes a few tens of MB while it renders.
 * A render that would take more ends the thread, not the service, and the next render starts a new one.
 */
const THREAD_HEAP_MB = 256
/** How long a render may run on once it was given up (deadline, shutdown) before its thread is ended. */
const GIVEN_UP_GRACE_MS = 1000

/** The built server entry's render, run in a thread of its own; `close` ends the thread. */
export type RenderThread = { render: FirstViewEntry['renderFirstView']; close(): Promise<void> }

type Running = { worker: Worker; thread: Remote<FirstViewThread>; failed: Promise<never> }

/**
 * Renders first views in a worker thread that loads the built server entry (`file`), so that the work of a
 * render (the records' parsing, React's render to a string, the state's JSON), tens of milliseconds of one
 * unbroken task for a large page, never holds the service's event loop: API answers go on meanwhile
 * (contract §11, Fair CPU). The render's API requests come back to this thread (`source.fetch`), which asks
 * the service in process as before. A thread that fails, or whose render runs on past its request's abort by
 * `GIVEN_UP_GRACE_MS`, is ended (its renders fail, and their navigations get the app's index.html); the next
 * render starts a new one. Null when the file does not load or holds no render.
 */
export async function renderInWorker(file: string): Promise<RenderThread | null> {
  let running: Running | null = null
  let closed = false

  const start = (): Running => {
    const worker = new Worker(new URL('./thread.ts', import.meta.url), {
      workerData: { file },
      // Node strips the thread file's types itself: the service's TypeScript loader (tsx), with a loader
      // thread of its own, would cost the thread that loader's memory as well.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    })
    // The thread's end fails every call still waiting on it (Comlink's would wait for ever).
    const failed = new Promise<never>((_resolve, reject) => {
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`The first views' thread ended (exit code ${code}).`)))
    })
    failed.catch(() => {
      if (running?.worker === worker) running = null
    })
    const started: Running = {
      worker,
      thread: wrap<FirstViewThread>(nodeEndpoint(worker)),
      failed,
    }
    running = started
    return started
  }
  const end = async (ended: Running) => {
    if (running === ended) running = null
    await ended.worker.terminate()
  }

  const first = start()
  const ready = await Promise.race([first.thread.ready(), first.failed]).catch(() => false)
  if (!ready) {
    await end(first)
    return null
  }

  const render: RenderThread['render'] = async (request, source) => {
    if (closed) throw new Error('The first views are closed.')
    const current = running ?? start()
    const ask =
      source === null
        ? null
        : proxy(async (url: string, headers: Record<string, string>): Promise<ThreadAnswer> => {
            const answer = await source.fetch(url, { headers })
            const body = answer.body === null ? null : await answer.arrayBuffer()
            return transfer({ status: answer.status, body }, body === null ? [] : [body])
          })
    const headers = Object.fromEntries(request.headers)
    let overdue: NodeJS.Timeout | undefined
    const givenUp = () => {
      overdue = setTimeout(() => void end(current), GIVEN_UP_GRACE_MS)
      overdue.unref()
    }
    request.signal.addEventListener('abort', givenUp, { once: true })
    try {
      const view = current.thread.render(
        request.url,
        headers,
        source?.demoKey ?? null,
        { views: source?.views === true, characters: source?.characters === true },
        // Comlink's types cannot say that a `proxy()` crosses as the Remote the thread receives.
        ask as Remote<AskService> | null,
      )
      return (await Promise.race([view, current.failed])) as FirstView
    } finally {
      request.signal.removeEventListener('abort', givenUp)
      clearTimeout(overdue)
    }
  }
  return {
    render,
    async close() {
      closed = true
      if (running) await end(running)
    },
  }
}
