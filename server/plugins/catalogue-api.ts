import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { type AnyCollection, API_PREFIX, CATALOGUE_VERSION_HEADER } from '../../src/catalogue'
import { readSearchRequest, SEARCH_PATH } from '../../src/catalogue/search/parameters'
import { withinDeadline } from '../catalogue/deadline'
import { readListRequest } from '../catalogue/list-request'
import type { LiveCatalogue } from '../catalogue/live-catalogue'
import { searchBody } from '../catalogue/search-answer'
import { type Admit, whenAdmitted } from '../http/admission'
import type { ApiAnswers } from '../http/answers'
import { ALLOWED_METHODS, MESSAGES, sendError, sendMethodNotAllowed } from '../http/errors'
import type { OpenStreams } from '../http/open-streams'
import type { PublicBase } from '../http/public-base'
import { type Representation, sendRepresentation } from '../http/representation'
import type { ResponseCache } from '../http/response-cache'
import { sendStream } from '../http/stream-answer'
import type { StreamLeases } from '../http/stream-leases'
import { rateBucketOf, type ViewSlots } from '../http/view-slots'
import { registerCharacterRoutes } from './character-routes'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes that exist only to answer 405 to other methods on API paths. */
    methodNotAllowed?: boolean
  }
}

export interface CatalogueApiOptions {
  answers: ApiAnswers
  /** The catalogue served now (replaced on reload): each request reads its version once, at its start. */
  live: LiveCatalogue
  /** The collections served (a reload never changes which). */
  collections: readonly AnyCollection[]
  /** The base of every address in an answer (CATALOGUE_PUBLIC_URL, or the request's scheme and host). */
  publicBase: PublicBase
  admit: Admit
  /** Where each 200 body is remembered for the front door to answer the same request next time. */
  responseCache: ResponseCache
  /** The views extension (contract §12): its slots per rate bucket, or null when it is off (CATALOGUE_VIEWS=off). */
  views: ViewSlots | null
  /**
   * Streams of whole views (`_export`, contract §12), with the leases that keep them to one at a time per rate
   * bucket (null: no limit, as with the rate limit off) and the process's cap and minimum rate; null when the
   * extension is off.
   */
  streams: { leases: StreamLeases | null; open: OpenStreams } | null
  /** Demo mode: the demo key's rate bucket is per client address. */
  demo: boolean
}

const VERSION_HEADER = CATALOGUE_VERSION_HEADER.toLowerCase()

function viewsAtOnce(perBucket: number, demo: boolean): string {
  const who = demo ? 'the demo key may have' : 'each key may have'
  const where = demo ? ' from each address' : ''
  return `Too many views at once: ${who} ${perBucket} views computed at a time${where}; retry in 1 second.`
}

/**
 * The catalogue API, registered under `/v1`: its routes, and the hook every request in its scope passes
 * first (the key, then the rate, then the method), its own 405 and its own not-found answer. An
 * unauthenticated caller learns nothing, not even whether a path exists: the not-found answer runs the same
 * hook. Routes are thin: ApiAnswers returns bodies, the answer is negotiated here.
 */
export const catalogueApi: FastifyPluginAsync<CatalogueApiOptions> = async (api, options) => {
  const { answers, responseCache, admit, live } = options
  api.addHook('onRequest', (request, reply, done) => {
    whenAdmitted(admit(request, reply), (admitted) => {
      if (!admitted) return
      if (request.routeOptions.config.methodNotAllowed) sendMethodNotAllowed(reply)
      else done()
    })
  })

  const allowed = new Set<string>(ALLOWED_METHODS)
  const otherMethods = api.supportedMethods.filter((method) => !allowed.has(method))
  /** The 405 of the methods the API does not allow, on one of its paths. */
  const refuseOtherMethods = (url: string) =>
    api.route({
      method: otherMethods,
      url,
      config: { methodNotAllowed: true },
      handler: (_request, reply) => sendMethodNotAllowed(reply),
    })
  const base = (request: FastifyRequest) => options.publicBase.checked(request.raw)
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    body: Representation,
    version: number,
    canonical = true,
  ) => {
    // An answer read from a catalogue replaced meanwhile is sent, but not remembered for the next request.
    if (live.isCurrent(version)) responseCache.remember(request.raw, body, canonical)
    return sendRepresentation(request, reply, body)
  }

  // Every query an answer makes, and every wait, ends by one deadline (contract §13) on a store that waits.
  const withinItsDeadline = <T>(work: () => Promise<T>, request?: FastifyRequest): Promise<T> =>
    live.deadlineMs === null
      ? work()
      : withinDeadline(live.deadlineMs, work, () => request?.raw.socket?.destroyed === true)

  for (const collection of options.collections) {
    const listUrl = collection.itemPath.slice(API_PREFIX.length)
    const itemUrl = `${listUrl}/:ids`
    api.get(listUrl, (request, reply) =>
      withinItsDeadline(async () => {
        const served = live.current
        // Every answer names the catalogue it was read from (contract §13), a refusal and a stream too.
        reply.header(VERSION_HEADER, served.contentVersion)
        const source = served.collection(collection.name)
        // Views off, or a catalogue that cannot answer them: their parameters are unknown ones, ignored (§4).
        const { list, view, stream, canonical } = readListRequest(
          collection,
          request.query as Record<string, unknown>,
          {
            views: options.views !== null && source.answersViews,
            streams: options.streams !== null,
            search: options.views !== null && source.answersViews && served.search !== null,
          },
        )
        if (stream && options.streams)
          return sendStream(request, reply, source, stream, base(request), {
            contentVersion: served.contentVersion,
            open: options.streams.open,
            cutShort: () => api.logAnswer(request, reply),
            leases: options.streams.leases,
            bucket: rateBucketOf(request.keyId, request.ip, options.demo),
            demo: options.demo,
          })
        if (view && options.views) {
          const slots = options.views
          const bucket = rateBucketOf(request.keyId, request.ip, options.demo)
          const viewed = await answers.view(served, source, list, view, base(request), () =>
            slots.begin(bucket),
          )
          if (!viewed)
            return sendError(
              reply.header('retry-after', '1'),
              429,
              viewsAtOnce(slots.perBucket, options.demo),
            )
          return answer(request, reply, viewed.body, served.version, viewed.complete && canonical)
        }
        const body = await answers.list(served, source, list, base(request))
        return answer(request, reply, body, served.version, canonical)
      }),
    )
    api.get<{ Params: { ids: string } }>(itemUrl, (request, reply) =>
      withinItsDeadline(async () => {
        const served = live.current
        reply.header(VERSION_HEADER, served.contentVersion)
        const body = await answers.byIds(served, collection.name, request.params.ids, base(request))
        return answer(request, reply, body, served.version)
      }),
    )
    for (const url of [listUrl, itemUrl]) refuseOtherMethods(url)
  }

  // Search (contract §13), an extension like views: on a catalogue that answers it, with the views' slots.
  const { views } = options
  if (views) {
    const searchUrl = SEARCH_PATH.slice(API_PREFIX.length)
    api.get(searchUrl, (request, reply) =>
      withinItsDeadline(async () => {
        const served = live.current
        reply.header(VERSION_HEADER, served.contentVersion)
        const { search } = served
        if (!search) return sendError(reply, 404, MESSAGES.unknownPath)
        const read = readSearchRequest(request.query as Record<string, unknown>)
        if (!read.ok) return sendError(reply, 400, read.error)
        const at = base(request)
        const bucket = rateBucketOf(request.keyId, request.ip, options.demo)
        const body = await answers.computed(
          served,
          JSON.stringify(['search', at, read.request]),
          () => views.begin(bucket),
          () => searchBody(search, served.collections, read.request, at),
        )
        if (!body)
          return sendError(reply.header('retry-after', '1'), 429, viewsAtOnce(views.perBucket, options.demo))
        // Never remembered by the front door: a search's many spellings would fill it.
        return answer(request, reply, body, served.version, false)
      }, request),
    )
    refuseOtherMethods(searchUrl)

    registerCharacterRoutes(api, {
      collections: options.collections,
      handle: (request, reply, work) =>
        withinItsDeadline(async () => {
          const served = live.current
          reply.header(VERSION_HEADER, served.contentVersion)
          return work(served)
        }, request),
      answerComputed: async (request, reply, served, key, render) => {
        const bucket = rateBucketOf(request.keyId, request.ip, options.demo)
        const body = await answers.computed(
          served,
          JSON.stringify(key),
          () => views.begin(bucket),
          async () => JSON.stringify(await render()),
        )
        if (!body)
          return sendError(reply.header('retry-after', '1'), 429, viewsAtOnce(views.perBucket, options.demo))
        return answer(request, reply, body, served.version, false)
      },
      base,
      otherMethods: refuseOtherMethods,
    })
  }

  api.setNotFoundHandler((_request, reply) => sendError(reply, 404, MESSAGES.unknownPath))
}
