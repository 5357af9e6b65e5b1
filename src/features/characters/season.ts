/** A `season` parameter: a whole number from 1, or null (any season) for anything else. */
export function parseSeason(text: string | null): number | null {
  if (text === null || !/^[0-9]{1,4}$/.test(text.trim())) return null
  const season = Number(text.trim())
  return season >= 1 ? season : null
}
