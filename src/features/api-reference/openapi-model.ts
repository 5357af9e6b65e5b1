import { z } from 'zod/mini'

/*
 * An OpenAPI 3.x document read loosely: only the parts the /api page shows are checked (paths, operations,
 * parameters, responses, their JSON bodies and examples, the component schemas), so that a document of
 * another service of the specification, with more in it, still reads; a document without them is refused
 * with a sentence that says where it went wrong. Only zod's object, array, union and refinement are used:
 * zod's code is in the first page, and each kind of schema used anywhere adds its code there.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Any JSON object, kept whole (its entries are read one by one: see `entriesOf`). */
const JsonObject = z.unknown().check(z.refine(isObject, 'expected an object'))
const optionalText = z.optional(z.string())

const RefSchema = z.object({ $ref: z.string() })

const ParameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.optional(z.unknown()),
  description: optionalText,
  schema: z.optional(z.unknown()),
})

const MediaTypeSchema = z.object({
  schema: z.optional(z.unknown()),
  example: z.optional(z.unknown()),
  examples: z.optional(JsonObject),
})

const ExampleSchema = z.object({ value: z.optional(z.unknown()) })

const ResponseSchema = z.object({
  description: optionalText,
  headers: z.optional(JsonObject),
  content: z.optional(JsonObject),
})

const OperationSchema = z.object({
  operationId: optionalText,
  summary: optionalText,
  description: optionalText,
  parameters: z.optional(z.array(z.unknown())),
  responses: JsonObject,
})
type Operation = z.infer<typeof OperationSchema>

/** The methods a path item may describe, in the order the page lists them. */
const METHODS = ['get', 'head', 'options', 'post', 'put', 'patch', 'delete', 'trace'] as const

const optionalObject = z.optional(JsonObject)

export const OpenApiDocumentSchema = z.object({
  openapi: z.string().check(z.regex(/^3\./, 'must be an OpenAPI 3 version, such as 3.1.1')),
  info: z.object({ title: z.string(), version: z.string(), description: optionalText }),
  paths: JsonObject,
  components: z.optional(
    z.object({
      schemas: optionalObject,
      parameters: optionalObject,
      responses: optionalObject,
      headers: optionalObject,
    }),
  ),
})
type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>
type Components = Record<string, unknown> | undefined

/** A JSON Schema as the page renders it: read field by field, anything unexpected left out. */
export type JsonSchema = Record<string, unknown>

export type Parameter = {
  name: string
  in: string
  required: boolean
  description: string
  schema: JsonSchema | null
}

export type Example = { name: string; json: string }

export type ResponseView = {
  status: string
  description: string
  headers: { name: string; description: string }[]
  /** The JSON body's schema, or null when the answer has no JSON body. */
  body: JsonSchema | null
  examples: Example[]
}

export type Endpoint = {
  /** The anchor of its section: its operationId, else made from method and path. */
  anchor: string
  method: string
  path: string
  summary: string
  description: string
  parameters: Parameter[]
  responses: ResponseView[]
  /** The other methods of the same path, with their summaries (HEAD, OPTIONS, refused ones). */
  otherMethods: { method: string; summary: string }[]
}

export type ApiReference = {
  title: string
  version: string
  description: string
  endpoints: Endpoint[]
  /** The component schemas, by name, that bodies refer to. */
  schemas: { name: string; schema: JsonSchema }[]
}

export type ReadResult = { ok: true; reference: ApiReference } | { ok: false; problem: string }

/** `#/components/schemas/Location` → `Location` when it points into `kind`; null otherwise. */
export function refName(ref: string, kind: string): string | null {
  const prefix = `#/components/${kind}/`
  return ref.startsWith(prefix) ? decodeURIComponent(ref.slice(prefix.length)) : null
}

const objectOrEmpty = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {})

/** A `$ref` into the document's components, followed; anything else as it is. */
function resolve(value: unknown, kind: string, components: Components): unknown {
  const ref = RefSchema.safeParse(value)
  if (!ref.success) return value
  const name = refName(ref.data.$ref, kind)
  return name !== null ? objectOrEmpty(components?.[kind])[name] : undefined
}

/** An anchor id: letters, digits and dashes (`get-v1-locations-ids`). */
export function anchorOf(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}

function parameterOf(value: unknown, components: Components): Parameter | null {
  const parsed = ParameterSchema.safeParse(resolve(value, 'parameters', components))
  if (!parsed.success) return null
  const { name, in: location, required, description = '', schema } = parsed.data
  return {
    name,
    in: location,
    required: required === true,
    description,
    schema: isObject(schema) ? schema : null,
  }
}

function examplesOf(media: z.infer<typeof MediaTypeSchema>): Example[] {
  const json = (value: unknown) => JSON.stringify(value, null, 2)
  if (isObject(media.examples)) {
    return Object.entries(media.examples).flatMap(([name, example]) => {
      const value = ExampleSchema.safeParse(example).data?.value
      return value === undefined ? [] : [{ name, json: json(value) }]
    })
  }
  return media.example === undefined ? [] : [{ name: 'example', json: json(media.example) }]
}

function responseOf(status: string, value: unknown, components: Components): ResponseView {
  const parsed = ResponseSchema.safeParse(resolve(value, 'responses', components))
  if (!parsed.success) {
    const description = 'Not described (a reference this document does not hold).'
    return { status, description, headers: [], body: null, examples: [] }
  }
  const { description = '', headers, content } = parsed.data
  const json = Object.entries(objectOrEmpty(content)).find(([type]) => /\bjson\b/i.test(type))?.[1]
  const media = MediaTypeSchema.safeParse(json).data
  return {
    status,
    description,
    headers: Object.entries(objectOrEmpty(headers)).map(([name, header]) => {
      const resolved = objectOrEmpty(resolve(header, 'headers', components))
      return { name, description: typeof resolved.description === 'string' ? resolved.description : '' }
    }),
    body: media && isObject(media.schema) ? media.schema : null,
    examples: media ? examplesOf(media) : [],
  }
}

type Problem = { problem: string }

const describeIssue = (path: readonly PropertyKey[], message: string) =>
  `${path.length > 0 ? path.map(String).join('.') : 'the document'}: ${message}`

/** A path's operations, in METHODS order; a problem naming the first one that does not read. */
function operationsOf(path: string, item: unknown): { method: string; operation: Operation }[] | Problem {
  if (!isObject(item)) return { problem: describeIssue(['paths', path], 'expected an object') }
  const operations: { method: string; operation: Operation }[] = []
  for (const method of METHODS) {
    if (item[method] === undefined) continue
    const parsed = OperationSchema.safeParse(item[method])
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return { problem: describeIssue(['paths', path, method, ...(issue?.path ?? [])], issue?.message ?? '') }
    }
    operations.push({ method, operation: parsed.data })
  }
  return operations
}

/** What the page renders of a document: every GET operation as an endpoint, the rest as its other methods. */
function referenceOf(doc: OpenApiDocument): ApiReference | Problem {
  const components = doc.components
  const endpoints: Endpoint[] = []
  for (const [path, item] of Object.entries(objectOrEmpty(doc.paths))) {
    const operations = operationsOf(path, item)
    if (!Array.isArray(operations)) return operations
    // The page is about reading: GET first; a path without one shows its first operation.
    const main = operations.find(({ method }) => method === 'get') ?? operations[0]
    if (!main) continue
    const { method, operation } = main
    endpoints.push({
      anchor: anchorOf(operation.operationId ?? `${method} ${path}`),
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      description: operation.description ?? '',
      parameters: (operation.parameters ?? []).flatMap((value) => parameterOf(value, components) ?? []),
      responses: Object.entries(objectOrEmpty(operation.responses)).map(([status, value]) =>
        responseOf(status, value, components),
      ),
      otherMethods: operations
        .filter((other) => other !== main)
        .map((other) => ({ method: other.method.toUpperCase(), summary: other.operation.summary ?? '' })),
    })
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? '',
    endpoints,
    schemas: Object.entries(objectOrEmpty(components?.schemas)).flatMap(([name, schema]) =>
      isObject(schema) ? [{ name, schema }] : [],
    ),
  }
}

/** Reads a parsed JSON value as an OpenAPI document; says in one sentence what is wrong with one it cannot. */
export function readOpenApi(value: unknown): ReadResult {
  const parsed = OpenApiDocumentSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      ok: false,
      problem: describeIssue(issue?.path ?? [], issue?.message ?? 'not an OpenAPI document'),
    }
  }
  const reference = referenceOf(parsed.data)
  return 'problem' in reference ? { ok: false, problem: reference.problem } : { ok: true, reference }
}
