import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FirstViewEntry } from '../../src/catalogue'
import { EXPLORER_CONFIG_PATH, type ExplorerConfig } from '../../src/catalogue'
import type { ServiceExtensions } from '../catalogue/service-extensions'
import { JSON_CONTENT_TYPE } from '../http/errors'
import { strongEtag } from '../http/representation'

/**
 * How the explorer app is served beside the API: the built files (and, optionally, the first view rendered by
 * the service), or a middleware (Vite in development).
 */
export type AppHosting =
  | {
      staticDir: string
      /** The first view of a list or record navigation, rendered by the built server entry (off when absent). */
      firstView?: FirstViewEntry | null
    }
  | { middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void }

/**
 * `GET /explorer-config.json`: tells the app the demo key in demo mode (nothing otherwise), and whether the
 * service answers views. Needs no key.
 */
export function registerExplorerConfig(
  app: FastifyInstance,
  demoKey: string | null,
  { views, search, characters }: ServiceExtensions,
  catalogueVersion: () => string,
): void {
  app.get(EXPLORER_CONFIG_PATH, (_request, reply) => {
    const config: ExplorerConfig = {
      demoKey,
      views,
      ...(search ? { search } : {}),
      ...(characters ? { characters } : {}),
      // The insights' facets come with views (contract §13).
      ...(views ? { insights: true } : {}),
      catalogueVersion: catalogueVersion(),
    }
    const body = JSON.stringify(config)
    reply
      .header('content-type', JSON_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .header('etag', strongEtag(body))
    return reply.send(body)
  })
}

export async function registerStaticApp(app: FastifyInstance, root: string): Promise<void> {
  /** Files Vite names by content hash: they never change, so browsers may keep them for a year. */
  const hashedAssets = `${join(resolve(root), 'assets')}${sep}`
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    serveDotFiles: false,
    // The build writes .br and .gz beside each file (server/build/precompress.ts): sent as they are.
    preCompressed: true,
    // Source maps, dot folders (`/.vite/manifest.json`) and dot files are build output, not the app.
    allowedPath: (pathName) => isServedFile(pathName),
    setHeaders(reply, filePath) {
      const cacheControl = filePath.startsWith(hashedAssets)
        ? 'public, max-age=31536000, immutable'
        : filePath.endsWith('.html') || isServiceWorkerFile(filePath)
          ? 'no-cache'
          : 'public, max-age=3600'
      reply.header('cache-control', cacheControl)
    },
  })
}

/** Whether a path may be served as one of the app's files: no source map, no dot file or dot folder. */
export function isServedFile(pathName: string): boolean {
  if (pathName.endsWith('.map') || pathName.endsWith('.br') || pathName.endsWith('.gz')) return false
  return !pathName.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('%2e'))
}

/** The service worker and its Workbox runtime: checked on every visit, so a new deployment is found at once. */
function isServiceWorkerFile(filePath: string): boolean {
  const name = filePath.slice(filePath.lastIndexOf(sep) + 1)
  return name === 'sw.js' || /^workbox-[\w-]+\.js$/.test(name)
}

/**
 * Whether a request that matched no file is a browser's navigation to one of the app's own routes (such as
 * `/locations/5?name=x`): a GET asking for HTML, which gets the app's index.html. Anything else (a script
 * probing `/healthz`, a missing `/assets/x.js`) gets a JSON 404.
 */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if ((request.raw.url ?? '').startsWith('/assets/')) return false
  return (request.headers.accept ?? '').includes('text/html')
}

export function sendAppIndex(reply: FastifyReply): FastifyReply {
  return reply.sendFile('index.html')
}
