/** The locale a first view is rendered in when the request names none this runtime knows. */
export const DEFAULT_LOCALE = 'en-GB'
/** At most this many of `Accept-Language`'s entries are read: the header is the visitor's to write. */
const MOST_ENTRIES = 10

/**
 * The reader's locale from an `Accept-Language` header ("de-CH, de;q=0.9, en;q=0.8"): its most preferred
 * language that this runtime can format, canonical ("de-CH"); `DEFAULT_LOCALE` when there is none.
 */
export function localeFromAcceptLanguage(header: string | null): string {
  const wanted = (header ?? '')
    .split(',', MOST_ENTRIES)
    .map((entry, order) => {
      const [tag = '', ...parameters] = entry.trim().split(';')
      const q = parameters
        .map((parameter) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1])
        .find(Boolean)
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order }
    })
    .filter(({ tag, weight }) => weight > 0 && /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag))
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
  for (const { tag } of wanted) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag)
      if (supported) return supported
    } catch {
      // Not a well-formed language tag after all: the next one.
    }
  }
  return DEFAULT_LOCALE
}
