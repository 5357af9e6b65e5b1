import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { openApiDocument } from '../../src/catalogue/openapi'
import examples from '../../src/catalogue/openapi-examples.json'

/** One answer a test received, as sent on the wire (body already decompressed). */
export interface RecordedAnswer {
  method: string
  /** The request target as sent: a path, or absolute form. */
  target: string
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  body: string
}

export const document = openApiDocument({ examples })

/** Problems with the document itself, by the official OpenAPI 3.1 schema; empty when it is valid. */
export async function documentProblems(candidate: Record<string, unknown> = document): Promise<string[]> {
  const result = await new Validator().validate(structuredClone(candidate))
  return result.valid ? [] : [JSON.stringify(result.errors)]
}

const DOCUMENT_ID = 'catalogue-openapi'
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema(structuredClone(document), DOCUMENT_ID)

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

const validators = new Map<string, ValidateFunction>()
function validatorFor(...parts: string[]): ValidateFunction {
  const path = `${DOCUMENT_ID}#/${pointer(...parts)}`
  let validate = validators.get(path)
  if (!validate) {
    validate = ajv.compile({ $ref: path })
    validators.set(path, validate)
  }
  return validate
}

type Json = Record<string, unknown>
const paths = document.paths as Record<string, Record<string, Json>>

/** The path of a target as the router reads it: origin of an absolute form, query and a final slash gone. */
function routedPath(target: string): string {
  const raw = !target.startsWith('/') && URL.canParse(target) ? new URL(target).pathname : target
  let path = raw.split('?', 1)[0] as string
  try {
    path = decodeURIComponent(path)
  } catch {
    // Left as sent: the router refuses it with a 400, which the matched path documents.
  }
  return path.length > 1 ? path.replace(/\/$/, '') : path
}

const templates = Object.keys(paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\/$/, '').replace('{ids}', '[^/]+').replace('{id}', '[^/]+')}$`),
}))

/** The documented path template a target belongs to, or null when the document does not describe it. */
export function templateOf(target: string): string | null {
  const path = routedPath(target)
  return templates.find(({ pattern }) => pattern.test(path))?.template ?? null
}

/**
 * What is wrong with one answer by the document: an undocumented status, a missing required header, a body
 * that is not the documented JSON. Answers on paths or with methods the document does not describe are not its
 * business (null).
 */
export function answerProblems(answer: RecordedAnswer): string[] | null {
  const template = templateOf(answer.target)
  const method = answer.method.toLowerCase()
  const operation = template ? paths[template]?.[method] : undefined
  if (!template || !operation) return null
  const where = `${answer.method} ${answer.target} → ${answer.status}`
  const responses = operation.responses as Record<string, Json>
  const response = resolved(responses[String(answer.status)])
  if (!response) return [`${where}: status not documented`]
  const problems: string[] = []
  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    const reference = String(header.$ref ?? '')
    const definition = reference
      ? ((document.components as Json).headers as Record<string, Json>)[reference.split('/').pop() as string]
      : header
    if (definition?.required && answer.headers[name.toLowerCase()] === undefined)
      problems.push(`${where}: header ${name} missing`)
  }
  const content = response.content as Record<string, Json> | undefined
  if (!content) {
    if (answer.body !== '') problems.push(`${where}: a body where the document has none`)
    return problems
  }
  const mediaType = String(answer.headers['content-type']).split(';', 1)[0]?.trim() ?? ''
  // A stream's CSV or NDJSON (contract §12): its media type documented is all there is to check.
  if (mediaType !== 'application/json' && mediaType in content) return problems
  if (mediaType !== 'application/json')
    problems.push(`${where}: content-type ${answer.headers['content-type']}`)
  let body: unknown
  try {
    body = JSON.parse(answer.body)
  } catch {
    return [...problems, `${where}: body is not JSON`]
  }
  const validate = validatorFor(
    ...schemaPointer(responses, String(answer.status), ['paths', template, method]),
  )
  if (!validate(body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`)
  return problems
}

/** A response object, following a `$ref` into the components. */
function resolved(response: Json | undefined): Json | undefined {
  const reference = response?.$ref
  if (typeof reference !== 'string') return response
  return ((document.components as Json).responses as Record<string, Json>)[
    reference.split('/').pop() as string
  ]
}

/** Where the body schema of a response sits, as pointer parts. */
function schemaPointer(responses: Record<string, Json>, status: string, operation: string[]): string[] {
  const reference = responses[status]?.$ref
  const at =
    typeof reference === 'string'
      ? ['components', 'responses', reference.split('/').pop() as string]
      : [...operation, 'responses', status]
  return [...at, 'content', 'application/json', 'schema']
}

/** Every example in the document, checked against the schema beside it. */
export function exampleProblems(): string[] {
  const places: [string[], Json][] = []
  for (const [template, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>))
        places.push([['paths', template, method, 'responses', status], response])
    }
  }
  for (const [name, response] of Object.entries(
    (document.components as Json).responses as Record<string, Json>,
  ))
    places.push([['components', 'responses', name], response])
  const problems: string[] = []
  for (const [at, response] of places) {
    const media = (response.content as Record<string, Json> | undefined)?.['application/json']
    if (!media) continue
    const validate = validatorFor(...at, 'content', 'application/json', 'schema')
    for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Json>)) {
      if (!validate(example.value))
        problems.push(`${at.join(' ')} ${name}: ${ajv.errorsText(validate.errors)}`)
    }
  }
  return problems
}

/** The answers with a body that have no example in the document, as `exampleKey`s would name them. */
export function answersWithoutExample(): string[] {
  const missing: string[] = []
  const visit = (where: string, response: Json) => {
    const media = (response.content as Record<string, Json> | undefined)?.['application/json']
    if (media && !media.examples) missing.push(where)
  }
  for (const [template, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>))
        visit(`${method.toUpperCase()} ${template} ${status}`, response)
    }
  }
  for (const [name, response] of Object.entries(
    (document.components as Json).responses as Record<string, Json>,
  ))
    visit(name, response)
  return missing
}

const recorded: RecordedAnswer[] = []

/** Keeps an answer a test received, for `checkRecordedAnswers`. */
export function recordAnswer(answer: RecordedAnswer): void {
  recorded.push(answer)
}

/** Checks (and forgets) every answer recorded so far; throws with every problem found. */
export function checkRecordedAnswers(): { checked: number } {
  const answers = recorded.splice(0)
  const problems: string[] = []
  let checked = 0
  for (const answer of answers) {
    const found = answerProblems(answer)
    if (found === null) continue
    checked++
    problems.push(...found)
  }
  if (problems.length > 0)
    throw new Error(`Answers that do not match the OpenAPI document:\n${[...new Set(problems)].join('\n')}`)
  return { checked }
}
