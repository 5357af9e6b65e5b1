import { type ApiRecord, COLLECTIONS } from '../../catalogue'
import { parseQuery } from '../../catalogue/search/query'
import { foldSearchText, searchWords } from '../../catalogue/search-text'
import { HITS_PER_GROUP, recordDetail, type SearchAnswer, type SearchGroup } from '../protocol/search'

/*
 * A plain scan of the catalogue's names: what the palette answers from while the full search index loads
 * (reading it back takes seconds on 100,000 locations; a scan of 120,000 names, milliseconds). Names are found
 * when they hold every word typed (accents and case aside); an episode code or season by the start of the
 * record's detail line, which an episode's code leads.
 */

/** Each collection's records as the scan reads them, in id order. */
export interface NameList {
  collections: {
    collection: string
    ids: number[]
    names: string[]
    /** The names folded as the search folds words (`foldSearchText`). */
    folded: string[]
    details: string[]
  }[]
}

export function nameList(records: ReadonlyMap<string, readonly ApiRecord[]>): NameList {
  return {
    collections: COLLECTIONS.map((collection) => {
      const list = [...(records.get(collection.name) ?? [])].sort((a, b) => a.id - b.id)
      return {
        collection: collection.name,
        ids: list.map((record) => record.id),
        names: list.map((record) => record.name),
        folded: list.map((record) => foldSearchText(record.name)),
        details: list.map((record) => recordDetail(collection.name, record)),
      }
    }),
  }
}

/**
 * The records whose names (or, for a code or season, detail lines) match `query`, grouped as the search does,
 * `perGroup` of each group listed (the palette's few, or all of them for the list of every result).
 */
export function scanNames(list: NameList, query: string, perGroup = HITS_PER_GROUP): SearchAnswer {
  const parsed = parseQuery(query)
  const words = parsed.kind === 'text' ? searchWords(parsed.text) : []
  const codePrefix = parsed.kind === 'episode' ? parsed.code : parsed.kind === 'season' ? parsed.prefix : null
  const groups: SearchGroup[] = []
  for (const { collection, ids, names, folded, details } of list.collections) {
    const definition = COLLECTIONS.find((candidate) => candidate.name === collection)
    if (!definition || (words.length === 0 && codePrefix === null)) continue
    const group: SearchGroup = { collection, title: definition.labels.title, hits: [], total: 0 }
    for (let position = 0; position < ids.length; position++) {
      const matches =
        codePrefix !== null
          ? (details[position] ?? '').startsWith(codePrefix)
          : words.every((word) => (folded[position] ?? '').includes(word))
      if (!matches) continue
      group.total += 1
      if (group.hits.length >= perGroup) continue
      const id = ids[position] ?? 0
      group.hits.push({
        key: `${collection}/${id}`,
        collection,
        name: names[position] ?? '',
        detail: details[position] ?? '',
        path: `${definition.appPath}/${id}`,
        recordId: id,
      })
    }
    if (group.total > 0) groups.push(group)
  }
  return { groups }
}
