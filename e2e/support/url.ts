import type { Page } from '@playwright/test'

/**
 * Where the page is, as the explorer writes it: the path and the query parameters, with `page=1` read as
 * no page (both mean the first page).
 */
export function urlState(page: Page): { path: string; query: Record<string, string> } {
  const url = new URL(page.url())
  const query = Object.fromEntries(url.searchParams)
  if (query.page === '1') delete query.page
  return { path: decodeURIComponent(url.pathname), query }
}
