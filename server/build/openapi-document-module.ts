import type { Plugin } from 'vite'
import { openApiDocument } from '../../src/catalogue/openapi.ts'
import examples from '../../src/catalogue/openapi-examples.json' with { type: 'json' }

export const OPENAPI_DOCUMENT_MODULE = 'virtual:openapi-document'
const RESOLVED = `\0${OPENAPI_DOCUMENT_MODULE}`

/**
 * `import document from 'virtual:openapi-document'`: the OpenAPI document the contract module builds (the one
 * the service serves at /openapi.json, with relative addresses), made once at build time, so the explorer
 * ships it as data and not the code that builds it. The /api page shows it when a service publishes none: the
 * specification's, so without this service's extension (the views of contract §12).
 */
export function openApiDocumentModule(): Plugin {
  return {
    name: 'openapi-document',
    resolveId: (id) => (id === OPENAPI_DOCUMENT_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined
      // JSON.parse of a string literal is faster to start than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(openApiDocument({ examples, views: false })))})`
    },
  }
}
