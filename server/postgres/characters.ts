import type { DatasetRecord } from '../../src/catalogue'
import { airOrder } from '../../src/catalogue/characters/character-index'
import type { CharacterListRequest } from '../../src/catalogue/characters/parameters'
import { countHistogramInBins } from '../../src/catalogue/count-bins'
import type {
  CharacterLinks,
  CharacterListAnswer,
  CharacterSource,
  RelatedPage,
} from '../catalogue/characters'
import type { Database } from './database'
import { characterTableOf, fieldsOf, identifier, tableOf } from './layout'
import type { PostgresCollection } from './store'

/**
 * The characters of a generation in PostgreSQL (contract §13), from the tables `db:load` writes (migration
 * 0005): a list is one query on the characters' table (its counts indexed), a character's records are its
 * pairs joined to the records, a record's related records are its pairs joined to the other collection's.
 * Orders that depend on the contract's air order are finished in TypeScript with the derivation's own
 * `airOrder` (a character has at most a few dozen records). Every value is a parameter.
 */
export class PostgresCharacters implements CharacterSource {
  private readonly table: string
  private readonly pairs: string
  private readonly seasons: string
  /** The catalogue's seasons, read once. */
  private allSeasons: Promise<number[]> | null = null

  constructor(
    private readonly database: Database,
    private readonly generation: number,
    private readonly sources: readonly PostgresCollection[],
  ) {
    this.table = characterTableOf(generation, 'characters')
    this.pairs = characterTableOf(generation, 'pairs')
    this.seasons = characterTableOf(generation, 'seasons')
  }

  async list(
    request: CharacterListRequest,
    start: number,
    end: number,
    facetTimeLimitMs: number,
  ): Promise<CharacterListAnswer> {
    const { selection } = request
    const counts = this.sources.map((source) => identifier(source.collection.name))
    const ranges = this.rangeConditions(request)
    const all = [...ranges.conditions]
    const values = [...ranges.values]
    if (selection.season !== null) {
      values.push(selection.season)
      all.push(`seasons @> ARRAY[$${values.length}]::integer[]`)
    }
    const where = (conditions: string[]) =>
      conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''
    const { sort } = selection
    const direction = sort?.descending ? 'DESC' : 'ASC'
    const order =
      !sort || sort.field === 'id' ? `id ${direction}` : `${identifier(sort.field)} ${direction}, id ASC`
    const pageValues = [...values, end - start, start]
    const [[total], rows, seasons, bins] = await Promise.all([
      this.database.query<{ count: number }>(
        'characters-count',
        `SELECT count(*)::integer AS count FROM ${this.table}${where(all)}`,
        values,
        { costly: true },
      ),
      this.database.query<Record<string, number> & { id: number }>(
        'characters-page',
        `SELECT id, ${counts.join(', ')} FROM ${this.table}${where(all)} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        pageValues,
      ),
      request.seasonFacet ? this.seasonCounts(ranges, facetTimeLimitMs) : null,
      Promise.all(
        request.bins.map((name) =>
          this.database.queryWithin<{ value: number; count: number }>(
            'characters-bins',
            facetTimeLimitMs,
            `SELECT ${identifier(name)} AS value, count(*)::integer AS count FROM ${this.table}${where(all)} GROUP BY 1`,
            values,
            { costly: true },
          ),
        ),
      ),
    ])
    const counted = seasons !== undefined && bins.every((histogram) => histogram !== null)
    return {
      count: total?.count ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        counts: Object.fromEntries(
          this.sources.map(({ collection }) => [collection.name, row[collection.name] ?? 0]),
        ),
      })),
      seasons: seasons ?? null,
      bins: Object.fromEntries(
        request.bins.flatMap((name, at) => {
          const histogram = bins[at]
          return histogram
            ? [[name, countHistogramInBins(histogram.map(({ value, count }) => [value, count]))]]
            : []
        }),
      ),
      counted,
    }
  }

  async characters(ids: readonly number[]): Promise<CharacterLinks[]> {
    if (ids.length === 0) return []
    const found = new Map<number, CharacterLinks>()
    const linked = await Promise.all(
      this.sources.map((source, at) =>
        this.database.query<DatasetRecord & { character: number }>(
          'character-records',
          `SELECT p.character, ${this.fieldsOf(source)} FROM ${this.pairs} p JOIN ${tableOf(source.collection, this.generation)} t ON t.position = p.position WHERE p.character = ANY($1::bigint[]) AND p.collection = ${at} ORDER BY p.character, t.position`,
          [ids],
        ),
      ),
    )
    for (const id of ids) found.set(id, { id, links: [] })
    for (const [at, rows] of linked.entries()) {
      const name = (this.sources[at] as PostgresCollection).collection.name
      const byCharacter = new Map<number, DatasetRecord[]>()
      for (const { character, ...record } of rows) {
        const records = byCharacter.get(character) ?? []
        records.push(record)
        byCharacter.set(character, records)
      }
      for (const character of found.values())
        character.links.push({
          collection: name,
          records: (byCharacter.get(character.id) ?? []).sort(airOrder),
        })
    }
    return [...found.values()].filter((character) => character.links.some((link) => link.records.length > 0))
  }

  async related(
    collection: string,
    id: number,
    other: string,
    start: number,
    end: number,
  ): Promise<RelatedPage | null> {
    const from = this.sources.findIndex((source) => source.collection.name === collection)
    const to = this.sources.findIndex((source) => source.collection.name === other)
    const target = this.sources[to]
    const origin = this.sources[from]
    if (!target || !origin) return null
    const [record] = await this.database.query<{ position: number }>(
      'related-record',
      `SELECT position FROM ${tableOf(origin.collection, this.generation)} WHERE id = $1`,
      [id],
    )
    if (!record) return null
    // Every related record with how many characters it shares, and what air order reads of it.
    const fields = fieldsOf(target.collection).filter((field) =>
      ['id', 'air_date', 'episode'].includes(field),
    )
    const rows = await this.database.query<DatasetRecord & { position: number; shared: number }>(
      'related-records',
      `SELECT q.position, count(*)::integer AS shared, ${fields.map((field) => `t.${identifier(field)}`).join(', ')}
         FROM ${this.pairs} p
         JOIN ${this.pairs} q ON q.character = p.character AND q.collection = ${to}
         JOIN ${tableOf(target.collection, this.generation)} t ON t.position = q.position
        WHERE p.collection = ${from} AND p.position = $1
        GROUP BY q.position, ${fields.map((field) => `t.${identifier(field)}`).join(', ')}`,
      [record.position],
      { costly: true },
    )
    rows.sort((a, b) => b.shared - a.shared || airOrder(a, b))
    const page = rows.slice(start, end)
    const records = await target.atPositions(Int32Array.from(page, (row) => row.position))
    const byId = new Map(records.map((each) => [each.id, each]))
    return {
      count: rows.length,
      items: page.flatMap((row) => {
        const found = byId.get(row.id)
        return found ? [{ record: found, shared: row.shared }] : []
      }),
    }
  }

  /** The conditions of the ranges on the counts, values as parameters. */
  private rangeConditions(request: CharacterListRequest): { conditions: string[]; values: unknown[] } {
    const conditions: string[] = []
    const values: unknown[] = []
    for (const [name, { from, to }] of Object.entries(request.selection.ranges)) {
      if (!this.sources.some((source) => source.collection.name === name)) continue
      if (from !== null) {
        values.push(from)
        conditions.push(`${identifier(name)} >= $${values.length}`)
      }
      if (to !== null) {
        values.push(to)
        conditions.push(`${identifier(name)} <= $${values.length}`)
      }
    }
    return { conditions, values }
  }

  /** Every season with its characters within the ranges (the season's choice aside); undefined past the limit. */
  private async seasonCounts(
    ranges: { conditions: string[]; values: unknown[] },
    limitMs: number,
  ): Promise<[number, number][] | undefined> {
    const [seasons, rows] = await Promise.all([
      this.seasonsOfCatalogue(),
      this.database.queryWithin<{ season: number; count: number }>(
        'characters-seasons',
        limitMs,
        `SELECT s AS season, count(*)::integer AS count FROM ${this.table} c, unnest(c.seasons) s${ranges.conditions.length > 0 ? ` WHERE ${ranges.conditions.join(' AND ')}` : ''} GROUP BY 1`,
        ranges.values,
        { costly: true },
      ),
    ])
    if (rows === null) return undefined
    const counts = new Map(rows.map(({ season, count }) => [season, count]))
    return seasons.map((season) => [season, counts.get(season) ?? 0])
  }

  private seasonsOfCatalogue(): Promise<number[]> {
    this.allSeasons ??= this.database
      .query<{ season: number }>('character-seasons', `SELECT season FROM ${this.seasons} ORDER BY season`)
      .then((rows) => rows.map(({ season }) => season))
    // A failed read is asked again next time, never kept.
    this.allSeasons.catch(() => {
      this.allSeasons = null
    })
    return this.allSeasons
  }

  private fieldsOf(source: PostgresCollection): string {
    return fieldsOf(source.collection)
      .map((field) => `t.${identifier(field)}`)
      .join(', ')
  }
}
