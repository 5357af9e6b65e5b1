/** The shell variable a copied command reads the key from, so the key itself stays out of the text. */
export const KEY_VARIABLE = '$CATALOGUE_API_KEY'

/** Single-quoted for POSIX shells: safe for any character but `'`, which is closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/**
 * A `curl` command for a GET of `url`. Without `apiKey`, the key is `$CATALOGUE_API_KEY`, read by the shell
 * (in double quotes, so it expands); with it, the key is written in (single-quoted, so nothing expands).
 */
export function curlCommand(url: string, apiKey?: string): string {
  const auth =
    apiKey === undefined
      ? `"Authorization: Bearer ${KEY_VARIABLE}"`
      : shellQuote(`Authorization: Bearer ${apiKey}`)
  return `curl -H ${auth} -H 'Accept: application/json' ${shellQuote(url)}`
}
