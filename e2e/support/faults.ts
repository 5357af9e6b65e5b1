/**
 * Request interception, used only to inject faults the real service does not produce on demand
 * (server errors, slowness, malformed bodies, another service's conventions).
 */

/** The locations list endpoint, any page and filters. */
export function isLocationList(url: URL): boolean {
  return /^\/v1\/locations\/?$/.test(url.pathname)
}

/** The locations list endpoint at the given page (no `page` parameter is page 1). */
export function isLocationListPage(page: number): (url: URL) => boolean {
  return (url) => isLocationList(url) && (url.searchParams.get('page') ?? '1') === String(page)
}

/** A gate a test opens when it chooses: requests wait on `passed` until `open()` is called. */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {}
  const passed = new Promise<void>((resolve) => {
    open = resolve
  })
  return { passed, open }
}

export function jsonBody(status: number, body: unknown, headers: Record<string, string> = {}) {
  return { status, contentType: 'application/json; charset=utf-8', headers, body: JSON.stringify(body) }
}
