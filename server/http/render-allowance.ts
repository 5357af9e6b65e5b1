import { COLLECTIONS, MAX_IDS, PAGE_SIZE } from '../../src/catalogue'
import { TokenBucketLimiter } from './rate-limit'

/** Bytes of rendered HTML and state that count as one page: a list's page of 20 rows is about 50 KB. */
export const RENDER_PAGE_BYTES = 64 * 1024

/**
 * Pages of allowance a navigation's address costs before it is rendered: one per page of records it shows (a
 * comparison of 500 records is 25 pages), one for any other view (a list shows one page).
 */
export function addressCost(url: string): number {
  const path = url.split('?', 1)[0] ?? ''
  for (const { appPath } of COLLECTIONS) {
    if (!path.startsWith(`${appPath}/`)) continue
    const ids = path.slice(appPath.length + 1).split(',').length
    return Math.ceil(Math.min(ids, MAX_IDS) / PAGE_SIZE)
  }
  return 1
}

/**
 * The first views a client address may have rendered (contract §11, Fair CPU), apart from the API's rate
 * limit, which may be off: token buckets in pages a second, in bursts of four times that. A render first takes
 * what its address costs (at most a whole burst); once rendered, the rest of its cost, the larger of its
 * address's and its size's (`RENDER_PAGE_BYTES` a page), which may leave the bucket below empty for a while. A first view already
 * rendered costs nothing. Kept in each process: the work it bounds is that process's own.
 */
export class RenderAllowance {
  private readonly buckets: TokenBucketLimiter

  constructor(rate: number, now?: () => number) {
    this.buckets = new TokenBucketLimiter(rate, now)
  }

  /** Whether the address may have `url` rendered now; if so, its cost before rendering is taken. */
  admit(client: string, url: string): boolean {
    return this.buckets.take(client, this.before(url)).allowed
  }

  /** Takes the rest of a rendered view's cost, from the size of what was rendered. */
  settle(client: string, url: string, renderedBytes: number): void {
    const cost = Math.max(addressCost(url), Math.ceil(renderedBytes / RENDER_PAGE_BYTES))
    const rest = cost - this.before(url)
    if (rest > 0) this.buckets.debit(client, rest)
  }

  private before(url: string): number {
    return Math.min(addressCost(url), this.buckets.capacity)
  }
}
