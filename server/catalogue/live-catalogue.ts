import type { AnyCollection } from '../../src/catalogue'
import type { CharacterSource } from './characters'
import type { SearchSource } from './search'
import type { CatalogueContent, CollectionSource } from './source'

/** Records served by collection name, such as `{ locations: 126, episodes: 51 }`. */
export type RecordCounts = Record<string, number>

export function recordCounts(content: CatalogueContent): RecordCounts {
  return Object.fromEntries(content.collections.map((each) => [each.collection.name, each.count]))
}

/** One version of the catalogue, as a request reads it from its start to its answer. */
export interface ServedCatalogue {
  /** Which catalogue this is: a body rendered from it is cached only while it is still the one served. */
  readonly version: number
  /** What it holds, named (CatalogueContent.contentVersion): the same across restarts and replicas. */
  readonly contentVersion: string
  /** Since when it is served (a file's load or reload; a database's switch to it). */
  readonly since: Date
  readonly counts: RecordCounts
  /** The collections, in the order served. */
  readonly collections: readonly AnyCollection[]
  /** The source of a collection (every version has every collection the service started with). */
  collection(name: string): CollectionSource
  /** Its search (contract §13), or null when this catalogue does not answer search. */
  readonly search: SearchSource | null
  /** Its characters (contract §13), or null when this catalogue does not answer them. */
  readonly characters: CharacterSource | null
  /** Makes its search and characters (see CatalogueContent.prepareExtensions). */
  prepareExtensions(): void
}

function served(content: CatalogueContent, version: number, since: Date): ServedCatalogue {
  const byName = new Map(content.collections.map((each) => [each.collection.name, each]))
  return {
    version,
    contentVersion: content.contentVersion,
    since,
    counts: recordCounts(content),
    collections: content.collections.map((each) => each.collection),
    collection(name) {
      const source = byName.get(name)
      if (!source) throw new Error(`No collection ${name}`)
      return source
    },
    get search() {
      return content.search ?? null
    },
    get characters() {
      return content.characters ?? null
    },
    prepareExtensions() {
      content.prepareExtensions?.()
    },
  }
}

/**
 * The catalogue being served, replaceable while serving (a SIGHUP reload of the file, a new version loaded into
 * the database): a request reads `current` once and is answered wholly from that version. Replacing calls the
 * listeners in the same step, so every cache of answers (the body cache, the filter results, the fast path) is
 * dropped before the next request; and since a request may still be working on the old version then, a cache
 * keeps an answer only when `isCurrent` says its version is still the one served (checked in the same step as
 * the store, so an old answer can never be kept after the drop).
 */
export class LiveCatalogue {
  private served: ServedCatalogue
  private readonly listeners: (() => void)[] = []
  /** Why the catalogue cannot be read now (its database cannot be reached), or null. */
  unavailable: string | null = null
  /**
   * How long an API request may wait for the store in all before its 503 (contract §13: the database's
   * timeout); null for a store that never waits (the dataset in memory).
   */
  deadlineMs: number | null = null

  /** `version` 0 for a file (one more at each reload); the database's own catalogue version otherwise. */
  constructor(content: CatalogueContent, version = 0, since = new Date()) {
    this.served = served(content, version, since)
  }

  get current(): ServedCatalogue {
    return this.served
  }

  /** The source of a collection of the version served now. */
  collection(name: string): CollectionSource {
    return this.served.collection(name)
  }

  get counts(): RecordCounts {
    return this.served.counts
  }

  /** Which catalogue is served: for a file, 0 for the one the service started with, one more for each reload. */
  get version(): number {
    return this.served.version
  }

  isCurrent(version: number): boolean {
    return version === this.served.version
  }

  /** Serves `content` from now on, as `version` (by default one more than now). */
  replace(content: CatalogueContent, version = this.served.version + 1, since = new Date()): void {
    this.served = served(content, version, since)
    for (const listener of this.listeners) listener()
  }

  /** Called right after each replacement, in the same step (for the caches of answers to drop theirs). */
  onReplace(listener: () => void): void {
    this.listeners.push(listener)
  }
}
