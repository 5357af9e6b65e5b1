/**
 * What a search box's text asks for, beyond words: an episode code (`s2e3`, `S02E03`, `season 2 episode 3`),
 * a season (`S2`, `season 2`) or a character number (`42`, `#42`, `character 42`). Pure, so the palette's
 * worker and the tests read queries the same way.
 */
export type ParsedQuery =
  | { kind: 'episode'; code: string }
  | { kind: 'season'; season: number; prefix: string }
  | { kind: 'text'; text: string; character: number | null }

const EPISODE = /^s(?:eason)?\s*0*(\d{1,2})\s*e(?:pisode)?\s*0*(\d{1,2})$/
const SEASON = /^s(?:eason)?\s*0*(\d{1,2})$/
const CHARACTER = /^(?:(?:character|char)\s*)?#?\s*0*(\d{1,9})$/

const two = (n: string) => n.padStart(2, '0')

export function parseQuery(input: string): ParsedQuery {
  const text = input.trim().replace(/\s+/g, ' ')
  const lower = text.toLowerCase()
  const episode = EPISODE.exec(lower)
  if (episode) return { kind: 'episode', code: `S${two(episode[1] ?? '')}E${two(episode[2] ?? '')}` }
  const season = SEASON.exec(lower)
  if (season) return { kind: 'season', season: Number(season[1]), prefix: `S${two(season[1] ?? '')}E` }
  const character = CHARACTER.exec(lower)
  const id = character ? Number(character[1]) : 0
  return { kind: 'text', text, character: id >= 1 ? id : null }
}

/** Lower case without accents: `Café Müller` → `cafe muller`, `Zürich` → `zurich`. */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
