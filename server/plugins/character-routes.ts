import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type AnyCollection, API_PREFIX, parseIdSelection } from '../../src/catalogue'
import {
  CHARACTERS_PATH,
  readCharacterListRequest,
  relatedPath,
} from '../../src/catalogue/characters/parameters'
import { CharacterAnswers } from '../catalogue/characters'
import { readPage } from '../catalogue/list-query'
import type { ServedCatalogue } from '../catalogue/live-catalogue'
import { FACET_TIME_LIMIT_MS } from '../catalogue/service'
import { MESSAGES, sendError } from '../http/errors'

/** What the character routes share with the rest of the API's routes (see catalogueApi). */
export interface CharacterRouteContext {
  collections: readonly AnyCollection[]
  /** Runs a request's work within its deadline, reading the catalogue served now. */
  handle(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (served: ServedCatalogue) => Promise<unknown>,
  ): Promise<unknown>
  /**
   * A body from the body cache or made now within the views' slots (contract §12: 429 when they are taken),
   * then sent; never remembered by the front door.
   */
  answerComputed(
    request: FastifyRequest,
    reply: FastifyReply,
    served: ServedCatalogue,
    key: unknown[],
    render: () => Promise<unknown>,
  ): Promise<unknown>
  /** The public base of a request's addresses. */
  base(request: FastifyRequest): string
  /** Registers the 405 answer for other methods on a path. */
  otherMethods(url: string): void
  facetTimeLimitMs?: number
}

/**
 * The characters extension (contract §13): `GET /v1/characters`, `GET /v1/characters/{ids}` and a record's
 * related records (`GET /v1/locations/{id}/episodes`, `GET /v1/episodes/{id}/locations`), on a catalogue
 * that answers them; 404 as an unknown path on one that does not.
 */
export function registerCharacterRoutes(api: FastifyInstance, context: CharacterRouteContext): void {
  const { collections } = context
  const limit = context.facetTimeLimitMs ?? FACET_TIME_LIMIT_MS
  const answersOf = (served: ServedCatalogue) =>
    served.characters ? new CharacterAnswers(served.characters, collections) : null

  const listUrl = CHARACTERS_PATH.slice(API_PREFIX.length)
  api.get(listUrl, (request, reply) =>
    context.handle(request, reply, async (served) => {
      const answers = answersOf(served)
      if (!answers) return sendError(reply, 404, MESSAGES.unknownPath)
      const read = readCharacterListRequest(request.query as Record<string, unknown>, collections)
      if (!read.ok) return sendError(reply, 400, read.error)
      const base = context.base(request)
      return context.answerComputed(request, reply, served, ['characters', base, read.request], () =>
        answers.list(read.request, base, limit),
      )
    }),
  )
  context.otherMethods(listUrl)

  const itemUrl = `${listUrl}/:ids`
  api.get<{ Params: { ids: string } }>(itemUrl, (request, reply) =>
    context.handle(request, reply, async (served) => {
      const answers = answersOf(served)
      if (!answers) return sendError(reply, 404, MESSAGES.unknownPath)
      const parsed = parseIdSelection(request.params.ids)
      if (!parsed.ok) return sendError(reply, 400, parsed.error)
      const { selection } = parsed
      const ids = selection.kind === 'one' ? [selection.id] : selection.ids
      const base = context.base(request)
      return context.answerComputed(request, reply, served, ['character', base, selection], () =>
        answers.characters(ids, selection.kind === 'one', base),
      )
    }),
  )
  context.otherMethods(itemUrl)

  for (const collection of collections) {
    for (const other of collections) {
      if (other === collection) continue
      const url = relatedPath(collection.itemPath.slice(API_PREFIX.length), ':id', other.name)
      api.get<{ Params: { id: string } }>(url, (request, reply) =>
        context.handle(request, reply, async (served) => {
          const answers = answersOf(served)
          if (!answers) return sendError(reply, 404, MESSAGES.unknownPath)
          const parsed = parseIdSelection(request.params.id)
          if (!parsed.ok) return sendError(reply, 400, parsed.error)
          if (parsed.selection.kind !== 'one') return sendError(reply, 400, relatedOfOne(collection, other))
          const { id } = parsed.selection
          const page = readPage((request.query as Record<string, unknown>).page)
          const base = context.base(request)
          return context.answerComputed(
            request,
            reply,
            served,
            ['related', base, collection.name, id, other.name, page.page],
            () => answers.related(collection, id, other, page, base),
          )
        }),
      )
      context.otherMethods(url)
    }
  }
}

const relatedOfOne = (collection: AnyCollection, other: AnyCollection) =>
  `The ${other.labels.plural} related to a ${collection.labels.singular} are asked of one id, such as ${relatedPath(collection.itemPath, 3, other.name)}.`
