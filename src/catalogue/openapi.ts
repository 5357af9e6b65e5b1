// The OpenAPI 3.1 document of the catalogue API, generated from the contract's zod schemas (never written by
// hand). No Node imports: the explorer can render the same document.
import { z } from 'zod/mini'
import { characterPaths, characterSchemas } from './characters/openapi-paths.ts'
import { API_PREFIX } from './collection.ts'
import { type CatalogueCollection, COLLECTIONS } from './collections.ts'
import { MAX_FILTER_LENGTH } from './filters.ts'
import { MAX_IDS } from './ids.ts'
import {
  HEADERS,
  type Json,
  notModified,
  type OpenApiExamples,
  okAnswer,
  PAGE_PATTERN,
  pathItem,
  queryParameter,
  ref,
  refusal,
  refusedResponses,
} from './openapi-parts.ts'
import { ErrorBodySchema } from './records.ts'
import { SearchGroupsSchema, SearchPageSchema } from './search/answer.ts'
import {
  MAX_LIMIT,
  MAX_QUERY_CHARACTERS,
  MAX_QUERY_WORDS,
  SEARCH_FILTER,
  SEARCH_GROUPS,
  SEARCH_PATH,
} from './search/parameters.ts'
import { viewPageSchema } from './views/answer.ts'
import {
  chartedColumns,
  DATE_UNITS,
  DEFAULT_FACET_SIZE,
  FACET,
  FACET_BINS,
  FACET_DATE,
  FACET_DATE_UNIT,
  FACET_SIZE,
  MAX_FACET_SIZE,
  MAX_FACET_VALUES,
} from './views/parameters.ts'
import { AFTER, EXPORT, recordFields, STREAM_FORMATS } from './views/stream.ts'

export { type MarkedExtensions, markedExtensions, OPENAPI_PATH } from './openapi-marker.ts'
export { exampleKey, type OpenApiExamples, REFUSED_METHODS } from './openapi-parts.ts'

/** Component names of a collection's schemas: `Location` and `LocationPage`. */
function schemaNames(collection: CatalogueCollection): { record: string; page: string } {
  const { singular } = collection.labels
  const record = `${singular.charAt(0).toUpperCase()}${singular.slice(1)}`
  return { record, page: `${record}Page` }
}

/**
 * The component schemas, from the contract's zod schemas (records, pages, the error body); with views, a page
 * may also hold the view it applied (`info.view`) and the facets asked for (`facets`).
 */
function componentSchemas(views: boolean, search: boolean, characters: boolean): Record<string, Json> {
  const registry = z.registry<{ id: string }>()
  for (const collection of COLLECTIONS) {
    registry.add(collection.record, { id: schemaNames(collection).record })
    const record: z.ZodMiniType<unknown> = collection.record
    const page = views ? viewPageSchema(record) : collection.page
    registry.add(page, { id: schemaNames(collection).page })
  }
  registry.add(ErrorBodySchema, { id: 'Error' })
  if (search) {
    registry.add(SearchPageSchema, { id: 'SearchPage' })
    registry.add(SearchGroupsSchema, { id: 'SearchGroups' })
  }
  if (characters) for (const [schema, id] of characterSchemas()) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> }
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]),
  )
}

/** Marks what the views extension adds (contract §12), so a client can tell a service that answers views. */
const VIEWS_EXTENSION = { 'x-catalogue-extension': 'views' }
/** Marks what streams add (contract §12: `_export`, `_col`, `_after`), which come with views. */
const EXPORT_EXTENSION = { 'x-catalogue-extension': 'export' }

/** Marks what search adds (contract §13): `/v1/search`, and `_search` on the lists. */
const SEARCH_EXTENSION = { 'x-catalogue-extension': 'search' }

const SEARCH_TEXT = `at most ${MAX_QUERY_CHARACTERS} characters and ${MAX_QUERY_WORDS} words, no control character`

/** `_search` on a list (contract §13). */
function searchFilter(collection: CatalogueCollection): Json {
  const { plural } = collection.labels
  return {
    name: SEARCH_FILTER,
    in: 'query',
    required: false,
    description: `Only the ${plural} this search finds (their names${collection.name === 'episodes' ? ' and codes' : ''}, folded: accents, letter case and punctuation aside; every word, the last one also as a prefix from 2 letters, one edit allowed from 4 letters; when none has every word, those with any), in order of relevance unless a sort is given. Empty: no search. Given once, ${SEARCH_TEXT}.`,
    schema: { type: 'string', maxLength: MAX_QUERY_CHARACTERS },
    ...SEARCH_EXTENSION,
  }
}

/** `GET /v1/search` (contract §13). */
function searchOperation(method: 'get' | 'head', examples: OpenApiExamples): Json {
  const template = SEARCH_PATH
  const operation = { method, template, withBody: method === 'get' }
  const query = (name: string, description: string, schema: Json, required = false): Json => ({
    name,
    in: 'query',
    required,
    description,
    schema,
  })
  return {
    ...(method === 'get' ? { operationId: 'search' } : {}),
    summary: `${method === 'get' ? 'Searches' : 'The headers of a search of'} the whole catalogue: one ranked list, or the best results of each group`,
    tags: ['search'],
    ...SEARCH_EXTENSION,
    parameters: [
      query(
        'q',
        `What to search: records by name (episodes by code too), types and dimensions as values with their counts, \`s2e3\` or \`season 2\` for an episode or a season, \`#42\` for a character. Given once, 1 to ${SEARCH_TEXT}.`,
        { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARACTERS },
        true,
      ),
      query('page', 'Page of the ranked list, 20 a page (default 1); not with `limit`.', {
        type: 'string',
        pattern: PAGE_PATTERN,
      }),
      query(
        'limit',
        `Instead of a page: each group's best results, this many (1 to ${MAX_LIMIT}), with each group's total.`,
        { type: 'string', pattern: PAGE_PATTERN },
      ),
      {
        ...query('collection__exact', 'The ranked list narrowed to these groups (repeatable: any of them).', {
          type: 'array',
          items: { type: 'string', enum: [...SEARCH_GROUPS] },
        }),
        style: 'form',
        explode: true,
      },
      query('_facet', 'Adds `facets.collection`: how many results each group holds.', {
        type: 'string',
        enum: ['collection'],
      }),
      ref('parameters', 'If-None-Match'),
    ],
    responses: {
      200: okAnswer(
        'A page of the ranked list (with `page`), or the groups (with `limit`).',
        { oneOf: [ref('schemas', 'SearchPage'), ref('schemas', 'SearchGroups')] },
        operation,
        examples,
        true,
      ),
      304: notModified,
      400: refusal(400, operation, examples),
      401: refusal(401, operation, examples),
      404: refusal(404, operation, examples, 'A page beyond the last.'),
      429: refusal(429, operation, examples),
    },
  }
}

/** The stream parameters of a list (contract §12; their refusals are in docs/api.md). */
function streamParameters(collection: CatalogueCollection): Json[] {
  const { plural } = collection.labels
  return [
    {
      name: '_col',
      in: 'query',
      required: false,
      description: `With \`${EXPORT}\`: the fields written, in this order (default: every field of the ${plural}).`,
      schema: { type: 'array', items: { type: 'string', enum: recordFields(collection) } },
      style: 'form',
      explode: true,
      ...EXPORT_EXTENSION,
    },
    {
      name: EXPORT,
      in: 'query',
      required: false,
      description: `Every ${collection.labels.singular} of the view (the filters and the view's parameters above), in its order, in one streamed answer instead of a page: \`csv\` (RFC 4180, UTF-8 with a byte order mark, a header row, character ids joined with \`;\`, cells a spreadsheet would run as a formula neutralised with \`'\`), \`ndjson\` (one record a line) or \`json\` (one array). \`page\` and \`_facet\` are ignored. The ETag names the catalogue's content and the view (not \`_after\`), known before the first record; \`If-Match\` with another is answered 412. One stream at a time per key (the demo key: per client address); it counts as one request.`,
      schema: { type: 'string', enum: [...STREAM_FORMATS] },
      ...EXPORT_EXTENSION,
    },
    {
      name: AFTER,
      in: 'query',
      required: false,
      description: `With \`${EXPORT}\`: continue after the ${collection.labels.singular} with this id (in id order: those with a greater id; in a sorted view: the id must be one of the view's).`,
      schema: { type: 'string', pattern: '^[0-9]{1,16}$' },
      ...EXPORT_EXTENSION,
    },
  ]
}

/** The view parameters of a list (contract §12; their refusals are in docs/api.md). */
function viewParameters(collection: CatalogueCollection): Json[] {
  const { plural } = collection.labels
  const columns = collection.columns.map((column) => column.field)
  const query = (name: string, description: string, schema: Json, repeated = false) =>
    queryParameter(name, description, schema, repeated, VIEWS_EXTENSION)
  const sort = (name: string, order: string) =>
    query(
      name,
      `Sorts the ${plural} by this column, ${order} (text as people read it: numbers in names by value, accents and letter case aside), ties by ascending id, empty values last. One of \`_sort\` and \`_sort_desc\`, once.`,
      { type: 'string', enum: columns },
    )
  return [
    sort('_sort', 'ascending'),
    sort('_sort_desc', 'descending'),
    ...collection.facets.map((facet) =>
      query(
        `${facet.name}__exact`,
        `Only ${plural} whose ${facet.label.toLowerCase()} is exactly one of these values (empty: none). At most ${MAX_FACET_VALUES} values of ${MAX_FILTER_LENGTH} characters.`,
        { type: 'string', maxLength: MAX_FILTER_LENGTH },
        true,
      ),
    ),
    ...collection.columns.flatMap((column) =>
      column.range
        ? (['gte', 'lte'] as const).map((end) =>
            query(
              `${column.field}__${end}`,
              `Only ${plural} whose ${column.label.toLowerCase()} is ${end === 'gte' ? 'at least' : 'at most'} this: ${column.kind === 'count' || column.kind === 'id' ? 'a whole number' : `a year, month or day in UTC (\`2015\`, \`2015-07\`, \`2015-07-26\`), taking the ${end === 'gte' ? 'first' : 'last'} moment of that period`}. Empty: no bound. Once.`,
              { type: 'string' },
            ),
          )
        : [],
    ),
    query(
      FACET,
      `Counts this facet's values over the ${plural} that pass every other choice, listed in \`facets\` after \`results\` (most frequent first, a chosen value always listed). A facet whose counting exceeds its time limit answers \`counted: false\` with the chosen values alone.`,
      { type: 'string', enum: collection.facets.map((facet) => facet.name) },
      true,
    ),
    query(FACET_SIZE, `How many values of each counted facet to list (default ${DEFAULT_FACET_SIZE}).`, {
      type: 'string',
      pattern: PAGE_PATTERN,
      description: `1 to ${MAX_FACET_SIZE}`,
    }),
    ...insightParameters(collection),
  ]
}

/** Marks what the insights' facets add (contract §13: `_facet_bins`, `_facet_date`), which come with views. */
const INSIGHTS_EXTENSION = { 'x-catalogue-extension': 'insights' }

/** The insights' facets of a list (contract §13): a count column in bins, a date column by period. */
function insightParameters(collection: CatalogueCollection): Json[] {
  const { plural } = collection.labels
  const { counts, dates } = chartedColumns(collection)
  const query = (name: string, description: string, schema: Json, repeated: boolean) =>
    queryParameter(name, description, schema, repeated, INSIGHTS_EXTENSION)
  return [
    ...(counts.length > 0
      ? [
          query(
            FACET_BINS,
            `Adds \`facets.<column>\`: the view's ${plural} in the bins of this count (its distinct numbers): \`0\`, \`1\`, \`2\`, \`3–5\`, \`6–10\`, \`11–20\`, then as far as the counts reach, the last open (\`to\` null). Counted under the facets' time limit (\`counted: false\` past it); the whole list's at once.`,
            { type: 'string', enum: counts },
            true,
          ),
        ]
      : []),
    ...(dates.length > 0
      ? [
          query(
            FACET_DATE,
            `Adds \`facets.<column>\`: the view's ${plural} by UTC period of this date (\`2013\`, or \`2013-12\` by month), in order, \`""\` for none. Counted as \`${FACET_BINS}\` is.`,
            { type: 'string', enum: dates },
            true,
          ),
          query(
            FACET_DATE_UNIT,
            `The period of \`${FACET_DATE}\`: \`year\` (default) or \`month\`.`,
            { type: 'string', enum: [...DATE_UNITS] },
            false,
          ),
        ]
      : []),
  ]
}

function listOperation(
  collection: CatalogueCollection,
  method: 'get' | 'head',
  examples: OpenApiExamples,
  views: boolean,
  search: boolean,
): Json {
  const template = collection.listPath
  const operation = { method, template, withBody: method === 'get' }
  const filterParameters = collection.filters.map((filter: string) => ({
    name: filter,
    in: 'query',
    required: false,
    description: `Only ${collection.labels.plural} whose ${filter} contains this value, ignoring letter case, after trimming white space; every character is literal; empty means no filter. At most ${MAX_FILTER_LENGTH} characters, given once.`,
    schema: { type: 'string', maxLength: MAX_FILTER_LENGTH },
  }))
  return {
    ...(method === 'get' ? { operationId: `list${schemaNames(collection).record}s` } : {}),
    summary: `${method === 'get' ? 'A page' : 'The headers of a page'} of ${collection.labels.plural}, in id order, 20 a page`,
    tags: [collection.name],
    parameters: [
      {
        name: 'page',
        in: 'query',
        required: false,
        description: 'Page number, plain decimal digits, at least 1 (default 1); given once.',
        schema: { type: 'string', pattern: PAGE_PATTERN },
      },
      ...filterParameters,
      ...(search ? [searchFilter(collection)] : []),
      ...(views ? viewParameters(collection) : []),
      ...(views ? streamParameters(collection) : []),
      ref('parameters', 'If-None-Match'),
      ...(views ? [ref('parameters', 'If-Match')] : []),
    ],
    responses: {
      200: okAnswer(
        `A page of ${collection.labels.plural}${views ? ` (with \`${EXPORT}\`: every ${collection.labels.singular} of the view)` : ''}.`,
        ref('schemas', schemaNames(collection).page),
        operation,
        examples,
        false,
        views ? { record: ref('schemas', schemaNames(collection).record) } : undefined,
      ),
      304: notModified,
      400: refusal(400, operation, examples),
      401: refusal(401, operation, examples),
      404: refusal(404, operation, examples, 'A page beyond the last.'),
      ...(views ? { 412: refusal(412, operation, examples) } : {}),
      429: refusal(429, operation, examples),
      503: refusal(503, operation, examples),
    },
  }
}

function itemOperation(
  collection: CatalogueCollection,
  method: 'get' | 'head',
  examples: OpenApiExamples,
): Json {
  const template = `${collection.itemPath}/{ids}`
  const operation = { method, template, withBody: method === 'get' }
  const record = ref('schemas', schemaNames(collection).record)
  return {
    ...(method === 'get' ? { operationId: `get${schemaNames(collection).record}s` } : {}),
    summary: `${method === 'get' ? 'One or several' : 'The headers of one or several'} ${collection.labels.plural} by id`,
    tags: [collection.name],
    parameters: [
      {
        name: 'ids',
        in: 'path',
        required: true,
        description: `One id (\`7\`: the ${collection.labels.singular} as an object), a comma-separated list (\`1,2,3\`) or a bracketed list (\`[1,2,3]\`, \`[]\`): an array in id order, each once, unknown ids left out. An id is 1 to 16 digits with a value of at least 1; at most ${MAX_IDS} ids.`,
        schema: { type: 'string' },
      },
      ref('parameters', 'If-None-Match'),
    ],
    responses: {
      200: okAnswer(
        `The ${collection.labels.singular} (one id) or an array of ${collection.labels.plural} (a list).`,
        { oneOf: [record, { type: 'array', items: record }] },
        operation,
        examples,
        true,
      ),
      304: notModified,
      400: refusal(400, operation, examples),
      401: refusal(401, operation, examples),
      404: refusal(
        404,
        operation,
        examples,
        `\`${collection.labels.notFound}\`: one id that does not exist.`,
      ),
      429: refusal(429, operation, examples),
      503: refusal(503, operation, examples),
    },
  }
}

export interface OpenApiOptions {
  /** Example bodies, each recorded from a real answer (see server/openapi.test.ts). */
  examples: OpenApiExamples
  /** The service's public address, when known; otherwise addresses are relative to the document. */
  serverUrl?: string | null
  /** Whether the lists answer views (contract §12), marked as the extension they are. Default true. */
  views?: boolean
  /** Whether the catalogue answers search (contract §13; only with views). Default: as views. */
  search?: boolean
  /** Whether the catalogue answers characters (contract §13; only with views). Default: as views. */
  characters?: boolean
}

/** The OpenAPI 3.1 document of the four endpoints (contract §1–§7, §10, and the views of §12 when on). */
export function openApiDocument({
  examples,
  serverUrl = null,
  views = true,
  search: searchAsked,
  characters: charactersAsked,
}: OpenApiOptions): Json {
  const search = views && (searchAsked ?? views)
  const characters = views && (charactersAsked ?? views)
  const paths: Json = {}
  for (const collection of COLLECTIONS) {
    paths[collection.listPath] = pathItem((method) =>
      listOperation(collection, method, examples, views, search),
    )
    paths[`${collection.itemPath}/{ids}`] = pathItem((method) => itemOperation(collection, method, examples))
  }
  if (search) paths[SEARCH_PATH] = pathItem((method) => searchOperation(method, examples))
  if (characters) Object.assign(paths, characterPaths(examples))
  return {
    openapi: '3.1.1',
    info: {
      title: 'Catalogue service',
      version: API_PREFIX.slice(1),
      description:
        'A read-only catalogue of locations and episodes. Every request under /v1 needs `Authorization: Bearer <key>`. List paths answer with and without a trailing slash. Every answer carries `Access-Control-Allow-Origin: *`; bodies are gzip or brotli when asked for.',
      ...(views
        ? {
            'x-catalogue-extensions': {
              views: 1,
              export: 1,
              ...(search ? { search: 1 } : {}),
              insights: 1,
              ...(characters ? { characters: 1 } : {}),
            },
          }
        : {}),
    },
    servers: [{ url: serverUrl ?? '/' }],
    security: [{ bearer: [] }],
    tags: [
      ...COLLECTIONS.map(({ name }) => ({ name })),
      ...(search ? [{ name: 'search' }] : []),
      ...(characters ? [{ name: 'characters' }] : []),
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key: `Authorization: Bearer <key>` (the word Bearer in any letter case, one space).',
        },
      },
      schemas: componentSchemas(views, search, characters),
      headers: HEADERS,
      responses: refusedResponses(examples),
      parameters: {
        'If-None-Match': {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'An ETag from an earlier answer: answered 304 while it is still current.',
          schema: { type: 'string' },
        },
        ...(views
          ? {
              'If-Match': {
                name: 'If-Match',
                in: 'header',
                required: false,
                description: `With \`${EXPORT}\` (and \`${AFTER}\`, resuming): the ETag of the stream begun; answered 412 when the catalogue changed since.`,
                schema: { type: 'string' },
                ...EXPORT_EXTENSION,
              },
            }
          : {}),
      },
    },
  }
}
