import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  choseConnection,
  FIRST_VIEW_STATE_ID,
  type FirstView,
  type FirstViewEntry,
  localeFromAcceptLanguage,
} from '../../../src/catalogue'
import type { PublicBase } from '../../http/public-base'
import type { RenderAllowance } from '../../http/render-allowance'
import { type BodyKind, negotiateFor, Representation, sendNegotiated } from '../../http/representation'
import type { FirstViewCache, FirstViewKey, SentView } from './cache'
import type { FirstViewRenders } from './renders'
import { renderInWorker } from './worker'

/*
 * The first view of a navigation, rendered with the explorer's own route tree (src/entry-server.tsx, built to
 * dist-server/entry-server.js). The service reaches it only through the built file: server/ imports nothing
 * of the explorer's code but the contract, whose first-view module says what the entry exports and hands back
 * (FirstViewEntry). A null source renders the page's frame.
 */

/** Where `npm run build` writes the server entry, beside dist/. */
export const FIRST_VIEW_ENTRY = 'dist-server/entry-server.js'

/** The built server entry as the service uses it, and how to end its render thread. */
export type LoadedFirstView = { entry: FirstViewEntry; close(): Promise<void> }

/**
 * The built server entry, loaded: its matcher of the addresses it renders, which answers here on every
 * navigation (cached views included), and its render, run in a thread of its own (first-view-worker.ts); or
 * null when there is none (not built, or not what it should be).
 */
export async function loadFirstView(file: string): Promise<LoadedFirstView | null> {
  if (!existsSync(file)) return null
  const module: unknown = await import(pathToFileURL(file).href)
  if (typeof module !== 'object' || module === null) return null
  if (!('renderFirstView' in module) || !('matchesFirstView' in module)) return null
  const { renderFirstView: render, matchesFirstView: matches } = module
  if (typeof render !== 'function' || typeof matches !== 'function') return null
  const thread = await renderInWorker(file)
  if (thread === null) return null
  const modules = 'firstViewModules' in module ? module.firstViewModules : null
  return {
    entry: {
      renderFirstView: thread.render,
      matchesFirstView: (url) => matches(url) === true,
      // An entry built without it names no code to preload.
      firstViewModules: (url) => {
        const named: unknown = typeof modules === 'function' ? modules(url) : []
        return Array.isArray(named) ? named.filter((key) => typeof key === 'string') : []
      },
    },
    close: thread.close,
  }
}

/**
 * The headers of the navigation the in-process API requests keep, with its TCP peer: the addresses in records
 * are built from the visitor's public base, forwarded headers trusted exactly as for the navigation itself.
 */
const FORWARDED = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'forwarded'] as const
/** Statuses whose response has no body. */
const NO_BODY = new Set([204, 205, 304])

/**
 * The service's API, asked in process for a navigation: through the whole app (key gate, rate limit of the
 * demo key for the visitor's address, log line), with none of the network, as from the navigation's own peer
 * with its forwarded headers. Refused once the render is given up (`signal`).
 */
function inProcessFetch(app: FastifyInstance, visitor: FastifyRequest, signal: AbortSignal): typeof fetch {
  const remoteAddress = visitor.raw.socket.remoteAddress ?? visitor.ip
  return async (input, init) => {
    signal.throwIfAborted()
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers: Record<string, string> = Object.fromEntries(new Headers(init?.headers))
    for (const name of FORWARDED) {
      const value = visitor.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const answer = await app.inject({ method: 'GET', url, headers, remoteAddress })
    const body = NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload)
    return new Response(body, { status: answer.statusCode })
  }
}

/** JSON inside a script element: `<` escaped, so no record's text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

const ROOT = '<div id="root"></div>'

/**
 * The app's index.html with the first view in its root, its state in a JSON script element (no script runs),
 * and `head` (elements for the page's head: its code's preloads) at the end of its head (before the root
 * where it has no closing tag).
 */
export function pageWith(
  index: string,
  view: Extract<FirstView, { kind: 'page' }>,
  head = '',
): string | null {
  if (!index.includes(ROOT)) return null
  const state = `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${scriptJson(view.state)}</script>`
  const headEnd = index.includes('</head>') ? '</head>' : ROOT
  return index
    .replace(headEnd, (end) => `${head}${end}`)
    .replace(ROOT, () => `<div id="root">${view.html}</div>${state}`)
}

/** What answering a navigation with its first view needs. */
export type FirstViewOptions = {
  /** Whether the app renders an address first (its route is marked so): the built entry's own matcher. */
  matches: FirstViewEntry['matchesFirstView']
  /** The demo key, in demo mode; null with keys configured (every first view is then the frame). */
  demoKey: string | null
  /** Whether the API answers views: a data tool's address renders with its rows. */
  views: boolean
  /** Whether the API answers characters: a character's page and the insights render with its answers. */
  characters: boolean
  /** The app's index.html, the page the first view is put in. */
  index: string
  /** The elements an address's page adds to its head: the preloads of its code (route-preloads.ts). */
  head?: (url: string) => string
  cache: FirstViewCache
  publicBase: PublicBase
  /** What each client address may have rendered; null: no allowance (CATALOGUE_RENDER_RATE=0). */
  allowance: RenderAllowance | null
  /** The renders running and waiting, within their limits. */
  renders: FirstViewRenders
}

/**
 * Answers a navigation to a list or record route with its first view: with data in demo mode (unless the
 * visitor uses another service), the page's frame otherwise; from the cache when it was rendered already.
 * True once it has answered; false when it does not: another route, an index.html without the root element, a
 * render the visitor's allowance does not cover, no room to render now, a render past its deadline, or one that
 * failed (the app's index.html then answers, as without a render). Not the reply itself: a reply is a thenable
 * that resolves to nothing, so a promise of it would read as "not answered".
 */
export async function sendFirstView(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: FirstViewOptions,
): Promise<boolean> {
  if (request.method !== 'GET' || !options.matches(request.url)) return false
  const language = request.headers['accept-language']
  const acceptLanguage = typeof language === 'string' ? language : ''
  const data = options.demoKey !== null && !choseConnection(request.headers.cookie)
  const key: FirstViewKey = {
    publicBase: options.publicBase.of(request.raw, request.headers),
    datasetVersion: app.catalogue.version,
    locale: localeFromAcceptLanguage(acceptLanguage),
    data,
    url: request.url,
  }
  let view = options.cache.get(key)
  if (!view) {
    if (options.allowance && !options.allowance.admit(request.ip, request.url)) return false
    const rendered = await renderView(
      app,
      request,
      reply,
      options,
      data ? options.demoKey : null,
      acceptLanguage,
    )
    if (!rendered) return false
    options.allowance?.settle(request.ip, request.url, rendered.bytes)
    view = rendered.view
    if (rendered.complete && app.catalogue.isCurrent(key.datasetVersion)) options.cache.set(key, view)
  }
  if ('location' in view) {
    reply.headers(FIRST_VIEW_BODY.headers).redirect(view.location, view.status)
    return true
  }
  // Each compressed form is made once per cached view (a list's 65 KB page is 12 KB of brotli).
  sendNegotiated(reply, await negotiateFor(request, view.page, view.status), view.status)
  return true
}

/**
 * A first view's page: checked with the service on each visit (`no-cache`, then 304 by ETag). It differs with
 * these request headers, so a shared cache must not hand one visitor's to another.
 */
const FIRST_VIEW_BODY: BodyKind = {
  contentType: 'text/html; charset=utf-8',
  headers: { 'cache-control': 'no-cache', vary: 'Accept, Accept-Language, Cookie, Accept-Encoding' },
}

async function renderView(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: FirstViewOptions,
  demoKey: string | null,
  acceptLanguage: string,
): Promise<{ view: SentView; complete: boolean; bytes: number } | null> {
  const address = new URL(request.url, 'http://first-view.invalid')
  const headers = { accept: 'text/html', 'accept-language': acceptLanguage }
  const outcome = await options.renders.run(
    new Request(address, { headers }),
    (signal) =>
      demoKey === null
        ? null
        : {
            fetch: inProcessFetch(app, request, signal),
            demoKey,
            views: options.views,
            characters: options.characters,
          },
    leavingSignal(request, reply),
  )
  if (!outcome.ok) {
    if (outcome.why === 'failed')
      request.log.error({ err: outcome.error }, 'the first view could not be rendered; the app renders it')
    return null
  }
  const view = outcome.view
  if (view.kind === 'redirect') {
    return { view: { status: view.status, location: view.location }, complete: true, bytes: 0 }
  }
  const page = pageWith(options.index, view, options.head?.(request.url))
  if (page === null) return null
  return {
    view: { status: view.status, page: new Representation(page, FIRST_VIEW_BODY) },
    complete: view.complete || view.state.frame,
    bytes: page.length - options.index.length,
  }
}

/** Aborts when the visitor closes the connection before its answer: its render is then given up. */
function leavingSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const leaving = new AbortController()
  if (request.raw.socket.destroyed) leaving.abort()
  // A response emits 'close' when it ends or when its connection closes first.
  else reply.raw.once('close', () => reply.raw.writableFinished || leaving.abort())
  return leaving.signal
}
