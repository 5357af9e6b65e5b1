/**
 * What a search box's text asks for, beyond words: an episode code (`s2e3`, `S02E03`, `season 2 episode 3`),
 * a season (`S2`, `season 2`) or a character number (`42`, `#42`, `character 42`). Pure, so the palette's
 * worker and the tests read queries the same way. Episode and season shorthands are the contract's rule
 * (`readEpisodeShorthand`), which the episode-code filter reads too.
 */
import { readEpisodeShorthand } from '../episode-code'

export type ParsedQuery =
  | { kind: 'episode'; code: string }
  | { kind: 'season'; season: number; prefix: string }
  | { kind: 'text'; text: string; character: number | null }

const CHARACTER = /^(?:(?:character|char)\s*)?#?\s*0*(\d{1,9})$/

export function parseQuery(input: string): ParsedQuery {
  const text = input.trim().replace(/\s+/g, ' ')
  const lower = text.toLowerCase()
  const shorthand = readEpisodeShorthand(text)
  if (shorthand?.kind === 'episode') return { kind: 'episode', code: shorthand.code }
  if (shorthand) return { kind: 'season', season: shorthand.season, prefix: `${shorthand.code}E` }
  const character = CHARACTER.exec(lower)
  const id = character ? Number(character[1]) : 0
  return { kind: 'text', text, character: id >= 1 ? id : null }
}
