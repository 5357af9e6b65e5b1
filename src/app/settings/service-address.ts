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
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  } catch {
    return null
  }
}

export const INVALID_ADDRESS =
  'Enter the service address in full, such as https://catalogue.example.org, or leave it empty for this site.'
