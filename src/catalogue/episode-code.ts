/**
 * Episode codes and the shorthands people type for them: `s2e3`, `S02E3`, `season 2 episode 3` for `S02E03`,
 * and `S2`, `season 2` for the season `S02`. One rule, read by the search and by the episode-code filter.
 */

/** `S` + two-digit season + `E` + two-digit episode number, such as `S01E11`. */
export const EPISODE_CODE_PATTERN = /^S(\d{2})E(\d{2})$/

/** The season of an episode code as the list's filter writes it (`S02E03` → `S02`); empty for another form. */
export function seasonCode(code: string): string {
  const match = EPISODE_CODE_PATTERN.exec(code)
  return match ? `S${match[1]}` : ''
}

/** Season and episode numbers of a code such as `S02E03`, or null when the code has another form. */
export function parseEpisodeCode(code: string): { season: number; episode: number } | null {
  const match = EPISODE_CODE_PATTERN.exec(code)
  return match ? { season: Number(match[1]), episode: Number(match[2]) } : null
}

export type EpisodeShorthand =
  | { kind: 'episode'; season: number; episode: number; code: string }
  | { kind: 'season'; season: number; code: string }

const EPISODE = /^s(?:eason)?\s*0*(\d{1,2})\s*e(?:pisode)?\s*0*(\d{1,2})$/
const SEASON = /^s(?:eason)?\s*0*(\d{1,2})$/

const two = (n: number) => String(n).padStart(2, '0')

/** The episode or season a text stands for (any case, spaces between the parts allowed), or null. */
export function readEpisodeShorthand(text: string): EpisodeShorthand | null {
  const lower = text.trim().replace(/\s+/g, ' ').toLowerCase()
  const episode = EPISODE.exec(lower)
  if (episode) {
    const [season, number] = [Number(episode[1]), Number(episode[2])]
    return { kind: 'episode', season, episode: number, code: `S${two(season)}E${two(number)}` }
  }
  const season = SEASON.exec(lower)
  if (season) return { kind: 'season', season: Number(season[1]), code: `S${two(Number(season[1]))}` }
  return null
}

/** An episode-code filter value in the form the codes are written: `s2e3` → `S02E03`, `S2` → `S02`; else as is. */
export function normaliseEpisodeCode(value: string): string {
  return readEpisodeShorthand(value)?.code ?? value
}
