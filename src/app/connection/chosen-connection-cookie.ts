import type { Connection } from '../../api/client'
import { CHOSEN_CONNECTION_COOKIE } from '../../catalogue'

const A_YEAR_S = 365 * 24 * 60 * 60

/**
 * Tells the site's service, on later navigations, whether this browser uses a connection chosen in Settings
 * (its first view is then the page's frame, none of the site's own rows): the cookie is set while a
 * connection is saved, and cleared otherwise. It holds that fact alone, never the address or a key.
 */
export function markConnectionChosen(
  saved: Connection | null,
  doc: Document | undefined = globalThis.document,
) {
  if (!doc) return
  const { name, value } = CHOSEN_CONNECTION_COOKIE
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie =
    saved !== null
      ? `${name}=${value}; Path=/; Max-Age=${A_YEAR_S}; SameSite=Lax${secure}`
      : `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
}
