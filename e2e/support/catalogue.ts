/**
 * What the service under test holds, read through its own API with the demo key, so the specs expect what
 * the service says rather than numbers copied from a dataset that may change.
 */
import type { APIRequestContext } from '@playwright/test'
import {
  type CatalogueCollection,
  COLLECTIONS,
  type CollectionName,
  describeHoldings,
  filterMatches,
  type ListPage,
  PAGE_SIZE,
  type RecordOf,
} from '../../src/catalogue'
import { DEMO_KEY } from './servers'

/** Every record of the service under test, by collection. */
export type CatalogueSnapshot = { [C in CatalogueCollection as C['name']]: RecordOf<C>[] }

async function readAll<Item>(
  request: APIRequestContext,
  path: string,
  parse: (body: unknown) => { info: { next: string | null }; results: Item[] },
): Promise<Item[]> {
  const items: Item[] = []
  let next: string | null = path
  while (next) {
    const response = await request.get(next, { headers: { Authorization: `Bearer ${DEMO_KEY}` } })
    if (!response.ok()) throw new Error(`GET ${next} answered ${response.status()}`)
    const page = parse(await response.json())
    items.push(...page.results)
    next = page.info.next
  }
  return items
}

/** Every record of every collection, read page by page. */
export async function readCatalogue(request: APIRequestContext): Promise<CatalogueSnapshot> {
  const lists = await Promise.all(
    COLLECTIONS.map(async (collection) => {
      const page = (body: unknown): ListPage<unknown> => collection.page.parse(body)
      return [collection.name, await readAll(request, collection.listPath, page)] as const
    }),
  )
  // Each list was parsed with its own collection's schema.
  return Object.fromEntries(lists) as CatalogueSnapshot
}

/** Records whose fields all contain the given filter values (the contract's own matching rule). */
export function matching<Item extends Record<string, unknown>>(
  items: readonly Item[],
  filters: Partial<Record<keyof Item, string>>,
): Item[] {
  return items.filter((item) =>
    Object.entries(filters).every(([field, value]) => filterMatches(String(item[field]), String(value))),
  )
}

/** The records shown on a page of a list (1-based), in the service's id order. */
export function pageOf<Item>(items: readonly Item[], page: number): Item[] {
  return items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
}

export function pagesOf(items: readonly unknown[]): number {
  return Math.ceil(items.length / PAGE_SIZE)
}

/**
 * The list summary the explorer shows: "21–40 of 126 locations", "1–1 of 1 location", or the empty text.
 * (– is an en dash.)
 */
export function summaryText(count: number, page: number, singular: string, plural: string): string {
  if (count === 0) return `No ${plural} match these filters`
  const first = (page - 1) * PAGE_SIZE + 1
  const last = Math.min(page * PAGE_SIZE, count)
  // Grouped as the suite's browser locale (en-GB) groups it: 1,200.
  return `${first}–${last} of ${count.toLocaleString('en-GB')} ${count === 1 ? singular : plural}`
}

/** The words of the records' field values, lower-cased, each with the records whose field contains it. */
function wordsOf<Item extends Record<string, unknown>>(items: readonly Item[], field: keyof Item): string[] {
  const words = new Set<string>()
  for (const item of items) {
    for (const word of String(item[field]).split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 3) words.add(word.toLowerCase())
    }
  }
  return [...words].sort()
}

/**
 * A filter value (a word of `field`) that matches between `min` and `max` records; among those, the one
 * matching the most. Throws when the dataset has none, so a spec never silently tests nothing.
 */
export function wordMatching<Item extends Record<string, unknown>>(
  items: readonly Item[],
  field: keyof Item & string,
  min: number,
  max: number,
): string {
  let best: { word: string; count: number } | undefined
  for (const word of wordsOf(items, field)) {
    const count = items.filter((item) => filterMatches(String(item[field]), word)).length
    if (count >= min && count <= max && (!best || count > best.count)) best = { word, count }
  }
  if (!best) throw new Error(`No word of ${field} matches ${min} to ${max} records`)
  return best.word
}

/**
 * A name filter that fills more than one page but not the whole list: the longest run of letters found in
 * names that does (the shipped dataset has no whole word that common, so this may be two letters such as "en").
 */
export function nameFillingPages<Item extends { name: string }>(items: readonly Item[]): string {
  const runs = new Set<string>()
  for (const { name } of items) {
    const folded = name.toLowerCase()
    for (let length = 2; length <= 8; length++) {
      for (let start = 0; start + length <= folded.length; start++) {
        const run = folded.slice(start, start + length)
        if (/^\p{L}+$/u.test(run)) runs.add(run)
      }
    }
  }
  const candidates = [...runs]
    .map((run) => ({
      run,
      count: matching(items, { name: run } as Partial<Record<keyof Item, string>>).length,
    }))
    .filter(({ count }) => count > PAGE_SIZE && count < items.length)
    .sort((a, b) => b.run.length - a.run.length || b.count - a.count || a.run.localeCompare(b.run))
  const best = candidates[0]
  if (!best) throw new Error('No name filter fills more than one page')
  return best.run
}

export function namesOf(items: readonly { name: string }[]): string[] {
  return items.map((item) => item.name)
}

/** "126 locations and 51 episodes": what the catalogue holds, in the words the explorer says it. */
export function holdingsOf(catalogue: CatalogueSnapshot): string {
  const lists: { readonly [name: string]: readonly unknown[] } = catalogue
  return describeHoldings(
    COLLECTIONS.map(({ name, labels }) => ({ labels, count: lists[name]?.length ?? 0 })),
  )
}

/** How many records of each collection the catalogue holds. */
export function countsOf(catalogue: CatalogueSnapshot): Partial<Record<CollectionName, number>> {
  const lists: { readonly [name: string]: readonly unknown[] } = catalogue
  return Object.fromEntries(COLLECTIONS.map(({ name }) => [name, lists[name]?.length ?? 0]))
}
