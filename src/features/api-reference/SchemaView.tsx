import type { ReactNode } from 'react'
import { type JsonSchema, refName } from './openapi-model'

/** JSON Schema's "any safe integer" bound says nothing a reader needs. */
const NO_BOUND = Number.MAX_SAFE_INTEGER

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const schemaAnchor = (name: string) => `schema-${name}`

/** Text with `code` spans, as the document's descriptions write them. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        // Odd parts were between backticks; the text is the document's, the positions are stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
        index % 2 === 1 ? <code key={index}>{part}</code> : part,
      )}
    </>
  )
}

function joinWith(parts: ReactNode[], separator: string): ReactNode[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]))
}

function constraints(schema: JsonSchema): ReactNode[] {
  const notes: ReactNode[] = []
  if (typeof schema.minimum === 'number') notes.push(`at least ${schema.minimum}`)
  if (typeof schema.maximum === 'number' && schema.maximum < NO_BOUND) notes.push(`at most ${schema.maximum}`)
  if (typeof schema.minLength === 'number') notes.push(`at least ${schema.minLength} characters`)
  if (typeof schema.maxLength === 'number') notes.push(`at most ${schema.maxLength} characters`)
  if (typeof schema.pattern === 'string') {
    notes.push(
      <span key="pattern">
        matching <code className="schema-pattern">{schema.pattern}</code>
      </span>,
    )
  }
  return notes
}

/** The type of a schema in a few words: `string or null`, `array of Location` (a link to its fields). */
export function SchemaType({ schema }: { schema: unknown }): ReactNode {
  if (!isObject(schema)) return 'any'
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref, 'schemas')
    return name === null ? <code>{schema.$ref}</code> : <a href={`#${schemaAnchor(name)}`}>{name}</a>
  }
  const choices = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : null
  if (choices) {
    return joinWith(
      // biome-ignore lint/suspicious/noArrayIndexKey: the choices of one schema, never reordered.
      choices.map((choice, index) => <SchemaType key={index} schema={choice} />),
      ', or ',
    )
  }
  if ('const' in schema)
    return (
      <>
        always <code>{JSON.stringify(schema.const)}</code>
      </>
    )
  if (Array.isArray(schema.enum)) {
    return (
      <>
        one of{' '}
        {joinWith(
          schema.enum.map((value) => <code key={JSON.stringify(value)}>{JSON.stringify(value)}</code>),
          ', ',
        )}
      </>
    )
  }
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : []
  const base =
    types.includes('array') && schema.items !== undefined ? (
      <>
        array of <SchemaType schema={schema.items} />
        {types.length > 1 && ` or ${types.filter((type) => type !== 'array').join(' or ')}`}
      </>
    ) : (
      types.join(' or ') || 'any'
    )
  const notes = constraints(schema)
  return notes.length > 0 ? (
    <>
      {base}, {joinWith(notes, ', ')}
    </>
  ) : (
    base
  )
}

/** The fields of an object schema as a compact list (name, type, optional), nested objects within. */
export function SchemaFields({ schema }: { schema: JsonSchema }) {
  const properties = isObject(schema.properties) ? schema.properties : null
  if (!properties) {
    return (
      <p className="schema-type">
        <SchemaType schema={schema} />
      </p>
    )
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
  return (
    <ul className="schema-fields">
      {Object.entries(properties).map(([name, field]) => (
        <li key={name}>
          <code className="schema-field-name">{name}</code>{' '}
          <span className="schema-field-type">
            {isObject(field) && isObject(field.properties) ? 'object' : <SchemaType schema={field} />}
          </span>
          {!required.has(name) && <span className="muted"> (optional)</span>}
          {isObject(field) && typeof field.description === 'string' && (
            <span className="muted">
              {' '}
              — <InlineCode text={field.description} />
            </span>
          )}
          {isObject(field) && isObject(field.properties) && <SchemaFields schema={field} />}
        </li>
      ))}
    </ul>
  )
}
