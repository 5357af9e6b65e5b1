/**
 * The explorer as a user sees it, located by role, accessible name and text only: the one place the specs
 * learn what the explorer calls its headings, fields, buttons and regions.
 */
import type { Locator, Page } from '@playwright/test'
import { PAGE_SIZE } from '../../src/catalogue'
import { summaryText } from './catalogue'
import { expect } from './fixtures'

export const APP_NAME = 'Catalogue Explorer'

export type CollectionName = 'locations' | 'episodes'

const words = {
  locations: { title: 'Locations', singular: 'location', plural: 'locations' },
  episodes: { title: 'Episodes', singular: 'episode', plural: 'episodes' },
} as const

export function titleOf(pageTitle: string): string {
  return `${pageTitle} · ${APP_NAME}`
}

export function mainNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  return {
    nav,
    link: (name: 'Locations' | 'Episodes' | 'Settings') => nav.getByRole('link', { name, exact: true }),
  }
}

/** The list page of a collection: filter form, summary, table, selection toolbar and pagination. */
export function listView(page: Page, collection: CollectionName) {
  const { title, singular, plural } = words[collection]
  const form = page.getByRole('search', { name: `Filter ${plural}` })
  const table = page.getByRole('table', { name: title })
  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  const pageControl = (name: string) =>
    pagination
      .getByRole('button', { name, exact: true })
      .or(pagination.getByRole('link', { name, exact: true }))
  return {
    words: words[collection],
    heading: page.getByRole('heading', { level: 1, name: title, exact: true }),
    form,
    field: (label: string) => form.getByRole('searchbox', { name: label, exact: true }),
    /** The form's button; the empty state has one too (see emptyStateClear). */
    clearFilters: form.getByRole('button', { name: 'Clear filters' }),
    emptyHeading: page.getByRole('heading', { level: 2, name: `No ${plural} match these filters` }),
    /** The empty state's own way out: the last "Clear filters" on the page (the form's comes first). */
    emptyStateClear: page.getByRole('button', { name: 'Clear filters' }).last(),
    /** The live region with "1–20 of 126 locations" (every text it holds names the collection). */
    summary: page.getByRole('status').filter({ hasText: singular }),
    table,
    /** Data rows: the ones with a link to a record (the header row has none). */
    rows: table.getByRole('row').filter({ has: page.getByRole('link') }),
    recordLink: (name: string) => table.getByRole('link', { name, exact: true }),
    select: (name: string) => table.getByRole('checkbox', { name: `Select ${name}`, exact: true }),
    compareButton: page.getByRole('button', { name: /^Compare selected \(\d+\)$/ }),
    progress: page.getByRole('progressbar', { name: 'Loading results' }),
    pagination,
    pageControl,
    pageNumber: (n: number) => pageControl(`Page ${n}`),
    jumpField: pagination.getByRole('textbox', { name: 'Go to page' }),
    jumpButton: pagination.getByRole('button', { name: 'Go', exact: true }),
    singular,
    plural,
    /** The data tool: a column header's sort button, a facet's group of checkboxes, a range's ends. */
    sortButton: (column: string) => table.getByRole('button', { name: column, exact: true }),
    header: (column: string) => table.getByRole('columnheader', { name: column, exact: true }),
    facet: (label: string) => form.getByRole('group', { name: label, exact: true }),
    /** A facet value's checkbox, named "Planet (3)", "(none) (9)". */
    facetValue: (label: string, value: string) =>
      form
        .getByRole('group', { name: label, exact: true })
        .getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(value)} \\([\\d,]+\\)$`) }),
    rangeEnd: (column: string, end: 'from' | 'to') =>
      form.getByRole('textbox', { name: `${column} ${end}`, exact: true }),
    chosen: page.getByRole('list', { name: 'Chosen values' }),
    columnsButton: page.getByRole('button', { name: 'Columns', exact: true }),
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export type ListView = ReturnType<typeof listView>

/**
 * Waits until the list shows page `page` of `count` matching records, with exactly `names` as its rows in
 * that order, and (when there is more than one page) the page marked current.
 */
export async function expectListShows(
  list: ListView,
  expected: { count: number; page: number; names: readonly string[] },
): Promise<void> {
  const { count, page, names } = expected
  await expect(list.summary).toHaveText(summaryText(count, page, list.singular, list.plural))
  await expect(list.table.getByRole('link')).toHaveText([...names])
  if (count > PAGE_SIZE) await expect(list.pageNumber(page)).toHaveAttribute('aria-current', 'page')
}

/** The terms and definitions of a description list, as a map from term to definition text. */
export async function definitionsIn(scope: Page | Locator): Promise<Record<string, string>> {
  const terms = await scope.getByRole('term').allInnerTexts()
  const definitions = await scope.getByRole('definition').allInnerTexts()
  return Object.fromEntries(terms.map((term, index) => [term.trim(), (definitions[index] ?? '').trim()]))
}

/**
 * Waits until the page's idle prefetches have fetched the search palette's code, the last of them (after the
 * other pages'): on a busy machine they run seconds after the page is shown.
 */
export async function idlePrefetchesDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/PaletteHost-[^/]*\.js$/.test(entry.name)),
      ),
    )
    .toBe(true)
}

/** True when the page can be scrolled sideways (it must not, at any width). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
}

/** A comparison: one table, a column per record (its header links to the record), rows per field. */
export function compareView(page: Page, plural: string) {
  const table = page.getByRole('table', { name: `Compare ${plural}` })
  const columns = table.getByRole('columnheader').filter({ has: page.getByRole('link') })
  return {
    table,
    columns,
    recordLink: (name: string) => columns.getByRole('link', { name, exact: true }),
    remove: (name: string) => table.getByRole('button', { name: `Remove ${name} from the comparison` }),
    /** The items of a set (such as "Characters") every record shares. */
    shared: (set: string) => table.getByRole('list', { name: `${set} shared by all`, exact: true }),
    row: (header: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header }) }),
  }
}

/** The catalogue index's status line: on the lists, and above what only the index answers. */
export const indexStatus = (page: Page) => page.getByRole('region', { name: 'Catalogue index' })

/**
 * How long a spec waits for what the catalogue index answers, the index built first (the shipped catalogue, page
 * by page or from streams): a build takes seconds alone and tens of them with both cores busy and three workers.
 */
export const INDEXED = { timeout: 45_000 }

/** The same for the large catalogue (e2e/support/large-catalogue.ts), built from the service's streams. */
export const LARGE_INDEXED = { timeout: 60_000 }

/**
 * The browser says its reader asked to save data (`navigator.connection.saveData`): nothing is indexed
 * unasked, so a small catalogue's lists stay answered by the service, request by request.
 */
export async function savingData(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const connection = (navigator as Navigator & { connection?: object }).connection
    if (connection) Object.defineProperty(Object.getPrototypeOf(connection), 'saveData', { get: () => true })
  })
}

/**
 * Opens the locations list, where a small catalogue is indexed unasked, and waits until the whole catalogue
 * (`counts`: "126 locations, 51 episodes") is indexed; on a busy machine that takes a while.
 */
export async function openIndexed(page: Page, counts: string): Promise<void> {
  await page.goto('/locations')
  await expect(indexStatus(page).getByText(`Catalogue index: ${counts}`)).toBeVisible(INDEXED)
}
