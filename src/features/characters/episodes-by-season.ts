import type { Episode } from '../../catalogue'
import { parseEpisodeCode } from '../../catalogue'

/** Episodes (already in air order) under their seasons, in the order the seasons first air; codes of another form last. */
export function episodesBySeason(list: readonly Episode[]): { season: number | null; episodes: Episode[] }[] {
  const groups = new Map<number | null, Episode[]>()
  for (const episode of list) {
    const season = parseEpisodeCode(episode.episode)?.season ?? null
    const group = groups.get(season)
    if (group) group.push(episode)
    else groups.set(season, [episode])
  }
  return [...groups].map(([season, episodes]) => ({ season, episodes }))
}
