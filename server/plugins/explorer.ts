import { readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { FirstViewEntry } from '../../src/catalogue'
import { type Admit, whenAdmitted } from '../http/admission'
import { isApiPath, OTHER_VERSION_PATH, routedPath } from '../http/api-paths'
import { errorBody, MESSAGES, sendError } from '../http/errors'
import { errorHeaders } from '../http/outside-answers'
import type { PublicBase } from '../http/public-base'
import type { RenderAllowance } from '../http/render-allowance'
import type { FirstViewCache } from './first-view/cache'
import { type FirstViewOptions, sendFirstView } from './first-view/first-view'
import { withInlineStylesheets } from './first-view/inline-stylesheets'
import { FirstViewRenders, RENDER_LIMITS, type RenderLimits } from './first-view/renders'
import { routePreloadsOf } from './first-view/route-preloads'
import {
  type AppHosting,
  isAppNavigation,
  registerExplorerConfig,
  registerStaticApp,
  sendAppIndex,
} from './hosting'

export interface ExplorerOptions {
  hosting: AppHosting | null
  /** The demo key the app may use, in demo mode. */
  demoKey: string | null
  /** Whether the API answers views (contract §12): the app is told so, and its first views use them. */
  views: boolean
  /** Whether the API answers search (contract §13): the app is told so, and its search asks it. */
  search: boolean
  /** Whether the API answers characters (contract §13): the app is told so, and its character pages ask it. */
  characters: boolean
  /** The version of the catalogue served now (contract §13): the app is told it with its configuration. */
  catalogueVersion: () => string
  publicUrl: string | null
  /** The API's gate, for API paths that reach this scope in a spelling the API's prefix did not match. */
  admit: Admit
  /** The public base of a request: its scheme decides which other services the app may reach. */
  publicBase: PublicBase
  /** The first views already rendered. */
  firstViews: FirstViewCache
  /** What each client address may have rendered (null: no allowance). */
  renderAllowance: RenderAllowance | null
  /** How many first views render at once and wait, and how long a navigation waits; RENDER_LIMITS by default. */
  renderLimits?: Partial<RenderLimits>
}

/**
 * The Content-Security-Policy of the explorer's pages (contracts §10 and §11): no inline script; the app may
 * talk to its own origin and, since Settings lets a user pick another catalogue service: served over http,
 * to any http or https service (a catalogue on a LAN is often plain http); served over https, to any https
 * service and to plain http on loopback (Chromium refuses IPv6 literals in a source list: `[::1]` is left out,
 * `localhost` covers it). No framing; `upgrade-insecure-requests` only when the public address is https (on
 * a plain-http LAN deployment it would break every request). `servedOver` gives a page's public base (see
 * PublicBase), so the scheme is the one the browser sees, also behind a trusted proxy.
 */
export function contentSecurityPolicy(
  publicUrl: string | null,
  servedOver: (request: IncomingMessage) => string,
) {
  const otherServices = (request: IncomingMessage) =>
    servedOver(request).startsWith('https:') ? 'http://localhost:* http://127.0.0.1:*' : 'http:'
  return {
    useDefaults: true,
    directives: {
      'script-src': ["'self'"],
      'connect-src': ["'self'", 'https:', otherServices],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': publicUrl?.startsWith('https:') ? [] : null,
    },
  }
}

/**
 * Everything outside `/v1`: the explorer's configuration, the built app's files with their security headers
 * (Helmet, in this scope only: the API keeps its own headers), and the answer to paths that match nothing: a
 * navigation gets the app, anything else a JSON 404.
 */
export const explorer: FastifyPluginAsync<ExplorerOptions> = async (scope, options) => {
  const { hosting } = options
  const staticDir = hosting && 'staticDir' in hosting ? hosting.staticDir : null
  const firstView = hosting && 'staticDir' in hosting ? (hosting.firstView ?? null) : null
  if (staticDir !== null) {
    // Not in development: Vite's dev server injects inline scripts for hot reload.
    await scope.register(fastifyHelmet, {
      contentSecurityPolicy: contentSecurityPolicy(options.publicUrl, (request) =>
        options.publicBase.of(request, request.headers),
      ),
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      // Browsers ignore it over plain http; sent there it only misleads (and pins a LAN host to https).
      strictTransportSecurity: options.publicUrl?.startsWith('https:') === true,
    })
    await registerStaticApp(scope, staticDir)
    // The files' plugin refuses a path with dot segments (`/foo/%2e%2e`) with a 403: a navigation there gets
    // the app, which shows its own not-found page, as for any other address that is not a file.
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error.statusCode === 403 && isAppNavigation(request) && !isApiPath(request.url))
        return sendAppIndex(reply)
      throw error
    })
  }
  registerExplorerConfig(scope, options.demoKey, options, options.catalogueVersion)
  const firstViews =
    staticDir !== null && firstView ? firstViewOptions(scope, staticDir, firstView, options) : null

  scope.setNotFoundHandler((request, reply) => {
    // `http://host/v1/…` and other spellings the router reads as the API still need a key first.
    if (isApiPath(request.url)) {
      whenAdmitted(options.admit(request, reply), (admitted) => {
        if (admitted) sendError(reply, 404, MESSAGES.unknownPath)
      })
      return reply
    }
    if (OTHER_VERSION_PATH.test(routedPath(request.url))) return sendError(reply, 404, MESSAGES.otherVersion)
    if (staticDir !== null && isAppNavigation(request)) {
      if (!firstViews) return sendAppIndex(reply)
      return sendFirstView(scope, request, reply, firstViews).then((sent) =>
        sent ? reply : sendAppIndex(reply),
      )
    }
    if (hosting && 'middleware' in hosting) {
      reply.hijack()
      hosting.middleware(request.raw, reply.raw, () => {
        const body = errorBody(MESSAGES.notFound)
        reply.raw.writeHead(404, errorHeaders(undefined, body))
        reply.raw.end(body)
      })
      return reply
    }
    return sendError(reply, 404, MESSAGES.notFound)
  })
}

/** The first views' settings, cache and page; null when the build has no index.html to put them in. */
function firstViewOptions(
  scope: FastifyInstance,
  staticDir: string,
  entry: FirstViewEntry,
  options: ExplorerOptions,
): FirstViewOptions | null {
  let index: string
  try {
    index = withInlineStylesheets(readFileSync(join(staticDir, 'index.html'), 'utf8'), staticDir)
  } catch {
    return null
  }
  const renders = new FirstViewRenders(entry.renderFirstView, { ...RENDER_LIMITS, ...options.renderLimits })
  // Shutdown gives up the renders still waiting or running: their navigations get the app's index.html at
  // once, so that the connections can end by the shutdown deadline.
  scope.addHook('preClose', (done) => {
    renders.close()
    done()
  })
  return {
    matches: entry.matchesFirstView,
    demoKey: options.demoKey,
    views: options.views,
    characters: options.characters,
    index,
    head: routePreloadsOf(staticDir, entry.firstViewModules) ?? undefined,
    cache: options.firstViews,
    publicBase: options.publicBase,
    allowance: options.renderAllowance,
    renders,
  }
}
