import { LRUCache } from 'lru-cache'
import type { Representation } from '../http/representation'

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
 * Bytes of rendered pages kept at most: a list's page is about 65 KB with its stylesheet, budgeted twice for
 * its compressed forms, so some 250 pages.
 */
const MAX_BYTES = 32 * 1024 * 1024

/**
 * First views already rendered, so a link shared widely is rendered once per dataset, locale and base, not
 * once per visit. Only complete views are kept (one whose data failed for a while is rendered again).
 */
export class FirstViewCache {
  private readonly views = new LRUCache<string, SentView>({
    maxSize: MAX_BYTES,
    sizeCalculation: (view) => ('page' in view ? view.page.budgetSize : view.location.length) + 64,
  })

  get(key: FirstViewKey): SentView | undefined {
    return this.views.get(keyText(key))
  }

  set(key: FirstViewKey, view: SentView): void {
    this.views.set(keyText(key), view)
  }

  clear(): void {
    this.views.clear()
  }
}

const keyText = (key: FirstViewKey) =>
  JSON.stringify([key.publicBase, key.datasetVersion, key.locale, key.data, key.url])
