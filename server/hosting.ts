import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { EXPLORER_CONFIG_PATH, type ExplorerConfig } from '../src/catalogue'
import { JSON_CONTENT_TYPE } from './http/errors'
import { strongEtag } from './http/representation'

/** How the explorer app is served beside the API: the built files, or a middleware (Vite in development). */
export type AppHosting =
  | { staticDir: string }
  | { middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void }

/** `GET /explorer-config.json`: tells the app the demo key in demo mode, nothing otherwise. Needs no key. */
export function registerExplorerConfig(app: FastifyInstance, demoKey: string | null): void {
  const config: ExplorerConfig = { demoKey }
  const body = JSON.stringify(config)
  const etag = strongEtag(body)
  app.get(EXPLORER_CONFIG_PATH, (_request, reply) => {
    reply.header('content-type', JSON_CONTENT_TYPE).header('cache-control', 'no-store').header('etag', etag)
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

/** The service worker and its Workbox runtime: checked on every visit, so a new deployment is found at once. */
function isServiceWorkerFile(filePath: string): boolean {
  const name = filePath.slice(filePath.lastIndexOf(sep) + 1)
  return name === 'sw.js' || /^workbox-[\w-]+\.js$/.test(name)
}

/**
 * Whether a request that matched no file is a navigation to one of the app's own routes (such as
 * `/locations/5?name=x`), which gets the app's index.html. Missing files (`/assets/x.js`, `/logo.png`) do not.
 */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?', 1)[0] as string
  if (path.startsWith('/assets/')) return false
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  return !lastSegment.includes('.') || (request.headers.accept ?? '').includes('text/html')
}

/**
 * Whether a request whose address the router cannot read (malformed percent-encoding, such as `/locations/%`)
 * is a browser navigating to an app path: it asks for HTML. The app answers it with its not-found page; any
 * other request keeps the contract's JSON 400.
 */
export function isUnreadableAppNavigation(request: FastifyRequest): boolean {
  return isAppNavigation(request) && (request.headers.accept ?? '').includes('text/html')
}

/**
 * index.html read from disk, for answers given before routing (Fastify's `frameworkErrors`), where
 * @fastify/static's `sendFile` is not available.
 */
export async function sendAppIndexFrom(staticDir: string, reply: FastifyReply): Promise<FastifyReply> {
  const html = await readFile(join(staticDir, 'index.html'))
  return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
}

export function sendAppIndex(reply: FastifyReply): FastifyReply {
  return reply.sendFile('index.html')
}
