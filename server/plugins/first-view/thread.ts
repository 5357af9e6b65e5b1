/**
 * The first views' thread (see first-view-worker.ts): loads the built server entry and renders with it, asking
 * the service's thread for every API request a render makes. Plain Node may run this file as it is (types
 * only are stripped): it imports packages and Node's modules, nothing of the project's TypeScript.
 */
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { expose, type Remote, releaseProxy } from 'comlink'
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js'

/** An API answer as it crosses threads: its status and bytes. */
export type ThreadAnswer = { status: number; body: ArrayBuffer | null }
/** Asks the service's thread for an API path with these headers. */
export type AskService = (url: string, headers: Record<string, string>) => Promise<ThreadAnswer>

export type FirstViewThread = {
  /** Whether the entry holds a render (checked once the thread has loaded it). */
  ready(): boolean
  render(
    url: string,
    headers: Record<string, string>,
    demoKey: string | null,
    /** What the service answers beyond the specification (contracts §12, §13): its pages render with them. */
    extensions: { views: boolean; characters: boolean },
    ask: Remote<AskService> | null,
  ): Promise<unknown>
}

type Render = (
  request: Request,
  source: { fetch: typeof fetch; demoKey: string; views: boolean; characters: boolean } | null,
) => unknown

const { file } = workerData as { file: string }
const entry: unknown = await import(pathToFileURL(file).href)
const render =
  typeof entry === 'object' &&
  entry !== null &&
  'renderFirstView' in entry &&
  typeof entry.renderFirstView === 'function'
    ? (entry.renderFirstView as Render)
    : null

const thread: FirstViewThread = {
  ready: () => render !== null,
  async render(url, headers, demoKey, extensions, ask) {
    if (render === null) throw new Error('The server entry has no renderFirstView.')
    const source =
      demoKey === null || ask === null
        ? null
        : {
            demoKey,
            ...extensions,
            fetch: (async (input, init) => {
              const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
              const answer = await ask(target, Object.fromEntries(new Headers(init?.headers)))
              return new Response(answer.body, { status: answer.status })
            }) as typeof fetch,
          }
    try {
      // What crosses to the service is the view as JSON reads it (its state goes into the page as JSON):
      // structured cloning would keep an error's message and drop its own fields (an ApiError's kind and
      // status, which the browser revives).
      return JSON.parse(JSON.stringify(await render(new Request(url, { headers }), source)))
    } finally {
      ask?.[releaseProxy]()
    }
  },
}

if (parentPort) expose(thread, nodeEndpoint(parentPort))
