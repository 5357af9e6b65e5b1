/**
 * What the API page's "Try it" builds from an endpoint and the values typed for its parameters: the request's
 * address, the same request as code (curl, JavaScript's fetch, Python's requests), each reading the key from
 * `CATALOGUE_API_KEY` so the key itself is never written, and the explorer's view of the same records.
 */
import { curlCommand, KEY_VARIABLE } from '../../api/curl'
import { COLLECTIONS, parsePage } from '../../catalogue'
import { listSearch } from '../../lib/list-url'
import type { Endpoint } from './openapi-model'

export type ParameterValues = Readonly<Record<string, string>>

/** A path value as written in an address: commas of an id list stay commas. */
const pathValue = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ',')

/** The path and query of the request, such as `/v1/locations?name=earth&page=2`; empty values are left out. */
export function requestPath(endpoint: Endpoint, values: ParameterValues): string {
  let path = endpoint.path
  const query = new URLSearchParams()
  for (const parameter of endpoint.parameters) {
    const value = (values[parameter.name] ?? '').trim()
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, pathValue(value))
    else if (parameter.in === 'query' && value !== '') query.set(parameter.name, value)
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/** A path parameter still empty: the request cannot be sent without it. */
export function missingPathParameter(endpoint: Endpoint, values: ParameterValues): string | null {
  const missing = endpoint.parameters.find(
    (parameter) => parameter.in === 'path' && (values[parameter.name] ?? '').trim() === '',
  )
  return missing ? missing.name : null
}

export type CodeSample = { language: string; code: string }

/** The request as code, each with the key read from the environment variable `CATALOGUE_API_KEY`. */
export function codeSamples(url: string): CodeSample[] {
  const variable = KEY_VARIABLE.slice(1)
  const quoted = JSON.stringify(url)
  return [
    { language: 'curl', code: curlCommand(url) },
    {
      language: 'JavaScript (fetch)',
      code: [
        `const response = await fetch(${quoted}, {`,
        `  headers: { Authorization: \`Bearer \${process.env.${variable}}\`, Accept: 'application/json' },`,
        '})',
        'console.log(response.status, await response.json())',
      ].join('\n'),
    },
    {
      language: 'Python (requests)',
      code: [
        'import os',
        '',
        'import requests',
        '',
        'response = requests.get(',
        `    ${quoted},`,
        `    headers={"Authorization": f"Bearer {os.environ['${variable}']}", "Accept": "application/json"},`,
        ')',
        'print(response.status_code, response.json())',
      ].join('\n'),
    },
  ]
}

/**
 * The explorer's page that shows what this request answers (`/locations?name=earth&page=2`, `/episodes/1,2`),
 * or null when the explorer has none (another service's endpoint, a request it would not make).
 */
export function explorerPath(endpoint: Endpoint, values: ParameterValues): string | null {
  for (const collection of COLLECTIONS) {
    const lists = [collection.listPath, collection.listPath.replace(/\/$/, '')]
    if (lists.includes(endpoint.path)) {
      const filters = Object.fromEntries(
        collection.filters.map((name) => [name, (values[name] ?? '').trim()]),
      ) as Record<string, string>
      const page = parsePage((values.page ?? '').trim()) ?? 1
      return `${collection.appPath}${listSearch({ filters, page }, collection)}`
    }
    if (endpoint.path === `${collection.itemPath}/{ids}`) {
      const ids = (values.ids ?? '').trim().replace(/^\[|\]$/g, '')
      return /^\d+(,\d+)*$/.test(ids) ? `${collection.appPath}/${ids}` : null
    }
  }
  return null
}
