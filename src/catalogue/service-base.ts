/**
 * The base of a service's addresses, as every part of the explorer writes it: the address given without white
 * space around it or a trailing slash; empty for this site's own service.
 */
export function serviceBase(url: string): string {
  return url.trim().replace(/\/+$/, '')
}

/** The same, with this site's own service written as `origin`: for an address that must be absolute. */
export function serviceBaseOr(url: string, origin: string): string {
  return serviceBase(url) || origin
}
