import {
  type AnyCollection,
  type DatasetRecord,
  listPageAddress,
  PAGE_SIZE,
  parseAirDate,
} from '../../src/catalogue'
import type {
  AppearanceBody,
  CharacterBody,
  CharacterListBody,
  LinkedRecordsBody,
  RelatedListBody,
} from '../../src/catalogue/characters/answer'
import { airOrder, seasonOf } from '../../src/catalogue/characters/character-index'
import {
  CHARACTERS_PATH,
  type CharacterListRequest,
  characterListParameters,
  relatedPath,
} from '../../src/catalogue/characters/parameters'
import type { CountBin } from '../../src/catalogue/count-bins'
import { CatalogueError } from './errors'
import { pageAnswer } from './list-query'
import { addressesFor } from './render'

/** A character of a list's page: its number and per collection how many records name it. */
export interface CharacterRow {
  id: number
  counts: Record<string, number>
}

/** A store's answer to a page of the characters list (contract §13). */
export interface CharacterListAnswer {
  count: number
  rows: CharacterRow[]
  /** Every season of the catalogue, ascending, with its characters within the ranges; null when not asked. */
  seasons: [season: number, characters: number][] | null
  /** Per count asked for in bins: the characters of the list in each bin. */
  bins: Record<string, { bin: CountBin; count: number }[]>
  /** False when counting ran past its time limit: the facets are then left out. */
  counted: boolean
}

/** A character and per collection the records naming it (in air order). */
export interface CharacterLinks {
  id: number
  links: { collection: string; records: DatasetRecord[] }[]
}

/** A page of a record's related records: how many in all, and the page's, most shared first. */
export interface RelatedPage {
  count: number
  items: { record: DatasetRecord; shared: number }[]
}

/**
 * The characters of one version of the catalogue, as a store answers them (contract §13): the memory store from
 * the one derivation of characters (`src/catalogue/characters/`), PostgreSQL from the pairs `db:load` writes.
 */
export interface CharacterSource {
  /** The records from the `start`th to the one before the `end`th of the list, and the facets asked for. */
  list(
    request: CharacterListRequest,
    start: number,
    end: number,
    facetTimeLimitMs: number,
  ): Promise<CharacterListAnswer>
  /** The characters among `ids` (ascending, each once) that some record names, ascending. */
  characters(ids: readonly number[]): Promise<CharacterLinks[]>
  /**
   * The records of `other` naming any character of the `collection` record `id`, most shared first (then in air
   * order, or by id), from the `start`th to the one before the `end`th; null when there is no such record.
   */
  related(
    collection: string,
    id: number,
    other: string,
    start: number,
    end: number,
  ): Promise<RelatedPage | null>
}

/** The answers of the characters extension as bodies, from a store's answers (knows nothing of HTTP). */
export class CharacterAnswers {
  private readonly byName: Map<string, AnyCollection>

  constructor(
    private readonly source: CharacterSource,
    private readonly collections: readonly AnyCollection[],
  ) {
    this.byName = new Map(collections.map((collection) => [collection.name, collection]))
  }

  /** A page of `GET /v1/characters`; CatalogueError not-found past the last page. */
  async list(
    request: CharacterListRequest,
    base: string,
    facetTimeLimitMs: number,
  ): Promise<CharacterListBody> {
    const start = (request.page - 1) * PAGE_SIZE
    const answer = await this.source.list(request, start, start + PAGE_SIZE, facetTimeLimitMs)
    const parameters = characterListParameters(request, this.collections)
    const info = pageAnswer(answer.count, request, (page) =>
      listPageAddress(base, { listPath: CHARACTERS_PATH }, page, [], parameters),
    )
    const url = characterAddress(base)
    const body: CharacterListBody = {
      info,
      results: answer.rows.map((row) => ({ id: row.id, url: url(row.id), ...row.counts })),
    }
    if (request.seasonFacet || request.bins.length > 0) body.facets = facetsOf(request, answer)
    return body
  }

  /** `GET /v1/characters/{ids}`: one character (CatalogueError not-found when no record names it) or a list. */
  async characters(
    ids: readonly number[],
    one: boolean,
    base: string,
  ): Promise<CharacterBody | CharacterBody[]> {
    const found = await this.source.characters(ids)
    const bodies = found.map((character) => this.characterBody(character, base))
    if (!one) return bodies
    const [body] = bodies
    if (!body) throw new CatalogueError('not-found', `No record names character ${ids[0]}.`)
    return body
  }

  /** A page of a record's related records; CatalogueError not-found for an unknown record or a page past the last. */
  async related(
    collection: AnyCollection,
    id: number,
    other: AnyCollection,
    page: { page: number; pageText: string },
    base: string,
  ): Promise<RelatedListBody> {
    const start = (page.page - 1) * PAGE_SIZE
    const answer = await this.source.related(collection.name, id, other.name, start, start + PAGE_SIZE)
    if (!answer) throw new CatalogueError('not-found', collection.labels.notFound)
    const info = pageAnswer(answer.count, page, (to) =>
      listPageAddress(base, { listPath: relatedPath(collection.itemPath, id, other.name) }, to, []),
    )
    const at = addressesFor(other, base)
    return {
      info,
      results: answer.items.map(({ record, shared }) => ({ shared, record: other.toRecord(record, at) })),
    }
  }

  private characterBody({ id, links }: CharacterLinks, base: string): CharacterBody {
    const dated: { record: DatasetRecord; collection: AnyCollection }[] = []
    const seasons = new Set<number>()
    const linked: Record<string, LinkedRecordsBody> = {}
    for (const { collection: name, records } of links) {
      const collection = this.byName.get(name)
      if (!collection) continue
      const at = addressesFor(collection, base)
      linked[name] = {
        count: records.length,
        results: records.map((record) => collection.toRecord(record, at)),
      }
      for (const record of records) {
        const season = seasonOf(record)
        if (season !== null) seasons.add(season)
        if (airDateOf(record) !== null) dated.push({ record, collection })
      }
    }
    dated.sort((a, b) => airOrder(a.record, b.record))
    const appearance = (found: (typeof dated)[number] | undefined): AppearanceBody | null =>
      found
        ? {
            url: addressesFor(found.collection, base).self(found.record.id),
            air_date: airDateOf(found.record) ?? '',
          }
        : null
    return {
      id,
      url: characterAddress(base)(id),
      ...linked,
      first: appearance(dated[0]),
      last: appearance(dated.at(-1)),
      seasons: [...seasons].sort((a, b) => a - b),
    }
  }
}

/** The address of a character, as records link to it. */
const characterAddress = (base: string) => (id: number) => `${base}${CHARACTERS_PATH}/${id}`

/** A record's air date as written, when it is one. */
function airDateOf(record: DatasetRecord): string | null {
  const fields: Record<string, unknown> = record
  const text = fields.air_date
  return typeof text === 'string' && parseAirDate(text) !== null ? text : null
}

function facetsOf(
  request: CharacterListRequest,
  answer: CharacterListAnswer,
): NonNullable<CharacterListBody['facets']> {
  const facets: NonNullable<CharacterListBody['facets']> = {}
  if (request.seasonFacet)
    facets.season = {
      values: (answer.seasons ?? []).map(([season, count]) => ({ value: String(season), count })),
      truncated: false,
      counted: answer.counted,
    }
  for (const name of request.bins)
    facets[name] = {
      bins: (answer.bins[name] ?? []).map(({ bin: [from, to], count }) => ({ from, to, count })),
      counted: answer.counted,
    }
  return facets
}
