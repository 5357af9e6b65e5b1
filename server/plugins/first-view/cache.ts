import { ByteBoundedCache, type CacheStats, keyBytes } from '../../byte-cache'
import type { Representation } from '../../http/representation'

/** A first view ready to send: a page, or a redirect to the address its loader corrected. */
export type SentView = { status: number; page: Representation } | { status: number; location: string }

/** What a rendered first view depends on besides the navigation's address. */
export type FirstViewKey = {
  /** The base of the addresses in its records (CATALOGUE_PUBLIC_URL, or the visitor's scheme and host). */
  publicBase: string
  /** The dataset it was rendered from (LiveCatalogue.version). */
  datasetVersion: number
  locale: string
  /** Whether it holds data: false for the frame (keys configured, or the visitor uses another service). */
  data: boolean
  /** The navigation's path and query, as sent. */
  url: string
}

/**
 * Bytes of rendered pages kept at most, keys counted: a list's page is about 65 KB with its stylesheet,
 * budgeted twice for its compressed forms, so some 250 pages.
 */
const MAX_BYTES = 32 * 1024 * 1024

/**
 * The longest address (path and query) a view is kept under: a comparison of 500 ids of up to 7 digits is
 * shorter. A longer address (junk parameters a loader corrects, a made-up query) is rendered, within its
 * allowance, but never kept: its key would cost more than the redirect it finds.
 */
export const MAX_CACHED_ADDRESS = 4096

/**
 * First views already rendered, so a link shared widely is rendered once per dataset, locale and base, not
 * once per visit. Only complete views are kept (one whose data failed for a while is rendered again).
 */
export class FirstViewCache {
  private readonly views: ByteBoundedCache<SentView>

  constructor(maxBytes = MAX_BYTES) {
    this.views = new ByteBoundedCache<SentView>(maxBytes, (view) =>
      'page' in view ? view.page.budgetSize : keyBytes(view.location),
    )
  }

  get(key: FirstViewKey): SentView | undefined {
    return key.url.length > MAX_CACHED_ADDRESS ? undefined : this.views.get(keyText(key))
  }

  set(key: FirstViewKey, view: SentView): void {
    if (key.url.length <= MAX_CACHED_ADDRESS) this.views.set(keyText(key), view)
  }

  clear(): void {
    this.views.clear()
  }

  stats(): CacheStats {
    return this.views.stats()
  }
}

const keyText = (key: FirstViewKey) =>
  JSON.stringify([key.publicBase, key.datasetVersion, key.locale, key.data, key.url])
