import { serviceBase } from '../../catalogue'
/**
 * Reads what was typed as the service address: empty means this site's own service; otherwise a full
 * http(s) address, without a trailing slash. Null when it is neither (the user is told so).
 */
export function readServiceAddress(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  try {
    const url = new URL(trimmed)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.search || url.hash || url.username || url.password) return null
    return serviceBase(`${url.origin}${url.pathname}`)
  } catch {
    return null
  }
}

export const INVALID_ADDRESS =
  'Enter the service address in full, such as https://catalogue.example.org, or leave it empty for this site.'

/** Hosts a page served over https may still reach over plain http (the page's `connect-src` names them). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1'])

/**
 * Why the browser will refuse to reach a service address from a page served with `pageProtocol`, in one
 * sentence, or null (contract §11): from a page served over https, a plain-http service other than on this
 * computer is mixed content, which browsers block whatever the page allows.
 */
export function blockedAddressReason(baseUrl: string, pageProtocol: string): string | null {
  if (baseUrl === '' || pageProtocol !== 'https:') return null
  const url = new URL(baseUrl)
  if (url.protocol !== 'http:' || LOOPBACK_HOSTS.has(url.hostname)) return null
  return `Your browser blocks ${url.origin} from this page: the explorer was opened over https, and a plain-http service elsewhere than on this computer would be mixed content. Use the service's https address, or open the explorer over http.`
}
