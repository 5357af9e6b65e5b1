import { readServiceExtensions, type ServiceExtensions } from '../../crawler'

/** What each service offers (its OpenAPI document's marker), read once per worker, by base address. */
const known = new Map<string, Promise<ServiceExtensions>>()

export function extensionsOf(base: string): Promise<ServiceExtensions> {
  let extensions = known.get(base)
  if (!extensions) {
    extensions = readServiceExtensions(base, (input, init) => fetch(input, init))
    known.set(base, extensions)
  }
  return extensions
}
