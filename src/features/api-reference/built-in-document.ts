import document from 'virtual:openapi-document'
import { readOpenApi } from './openapi-model'

/** The specification's own document, built into the explorer: what /api shows when a service has none. */
export function builtInReference() {
  const read = readOpenApi(document)
  // The build makes this document from the contract module; its test keeps it readable.
  if (!read.ok) throw new Error(`The built-in API document does not read: ${read.problem}`)
  return read.reference
}
