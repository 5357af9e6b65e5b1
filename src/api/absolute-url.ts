import { serviceBaseOr } from '../catalogue'
/** The absolute address of an API path on the service at `base` (empty: this page's origin). */
export function absoluteUrl(base: string, path: string, origin: string): string {
  return `${serviceBaseOr(base, origin)}${path}`
}
