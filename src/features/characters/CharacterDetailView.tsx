import { Link } from 'react-router-dom'
import { type Episode, episodes, type Location, locations } from '../../catalogue'
import { CatalogueIndexStatus } from '../../catalogue-index/components/CatalogueIndexStatus'
import { useCharacter } from '../../catalogue-index/hooks/use-characters'
import { type CharacterDetail, characterName } from '../../catalogue-index/protocol/characters'
import { AnswerDisclosure } from '../../components/api/AnswerDisclosure'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { BackLink } from '../../components/links/BackLink'
import { FieldList } from '../../components/record/FieldList'
import { CHARACTERS_APP_PATH, characterPath } from '../../lib/character-path'
import { formatAirDate } from '../../lib/format'
import { countText } from '../../lib/wording'
import { episodesBySeason } from './episodes-by-season'
import { IndexAnswerState } from './IndexAnswerState'

/** The records naming a character, typed by their collections' schemas. */
export function linksOf(character: CharacterDetail): { locations: Location[]; episodes: Episode[] } {
  const of = (name: string) => character.links.find((link) => link.collection === name)?.records ?? []
  return {
    locations: of(locations.name).map((record) => locations.record.parse(record)),
    episodes: of(episodes.name).map((record) => episodes.record.parse(record)),
  }
}

/** "S01E01 · December 2, 2013", linking to the episode, whose name a screen reader hears after the date. */
export function Appearance({ episode }: { episode: Episode | undefined }) {
  if (!episode) return ''
  const aired = formatAirDate(episode.air_date)
  // Named in words, not by a visually hidden span: the browser reads such a span (absolutely positioned) as a
  // block of its own and puts a space before its comma.
  return (
    <Link
      to={`${episodes.appPath}/${episode.id}`}
      aria-label={`${episode.episode} · ${aired}, ${episode.name}`}
    >
      <span className="code">{episode.episode}</span> · {aired}
    </Link>
  )
}

/** `/characters/42`: a character's address, the locations listing it and the episodes it appears in. */
export function CharacterDetailView({ id }: { id: number }) {
  const answer = useCharacter(id)
  const title = characterName(id)
  usePageTitle(title)
  return (
    <div className="record-page character-page">
      <BackLink listPath={CHARACTERS_APP_PATH} plural="characters" />
      <PageHeading>{title}</PageHeading>
      <CatalogueIndexStatus ready />
      <IndexAnswerState
        answer={answer}
        willShow={`This page will show character #${id}: its address, the locations that list it as a resident and the episodes it appears in, by season, with its first and last appearance.`}
        loading="Loading character"
      >
        {(character) => (character ? <CharacterBody character={character} /> : <NotNamed id={id} />)}
      </IndexAnswerState>
      <AnswerDisclosure answer={answer} />
    </div>
  )
}

function NotNamed({ id }: { id: number }) {
  return (
    <div className="state">
      <p>No location or episode of the catalogue names character #{id}.</p>
      <Link to={CHARACTERS_APP_PATH}>Browse all characters</Link>
    </div>
  )
}

function CharacterBody({ character }: { character: CharacterDetail }) {
  const { locations: homes, episodes: appearances } = linksOf(character)
  const back = { backTo: characterPath(character.id), backLabel: character.name }
  return (
    <>
      <article className="record-card" aria-label="Character details">
        <FieldList
          fields={[
            { term: 'Address', value: <code className="character-address">{character.address}</code> },
            { term: 'Locations', value: countText(homes.length, 'location', 'locations') },
            { term: 'Episodes', value: countText(appearances.length, 'episode', 'episodes') },
            { term: 'First appearance', value: <Appearance episode={appearances[0]} /> },
            { term: 'Last appearance', value: <Appearance episode={appearances.at(-1)} /> },
          ]}
        />
      </article>
      <section className="character-section" aria-labelledby="character-locations">
        <h2 id="character-locations">Locations that list it as a resident</h2>
        {homes.length === 0 ? (
          <p className="muted">No location lists character #{character.id} as a resident.</p>
        ) : (
          <ul className="link-list" aria-labelledby="character-locations">
            {homes.map((home) => (
              <li key={home.id}>
                <Link to={`${locations.appPath}/${home.id}`} state={back}>
                  {home.name}
                </Link>{' '}
                <span className="muted">
                  {(home.type || home.dimension) && '· '}
                  {home.type}
                  {home.type && home.dimension && ' · '}
                  {home.dimension}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="character-section" aria-labelledby="character-episodes">
        <h2 id="character-episodes">Episodes it appears in</h2>
        {appearances.length === 0 ? (
          <p className="muted">Character #{character.id} appears in no episode.</p>
        ) : (
          episodesBySeason(appearances).map(({ season, episodes: inSeason }) => {
            const headingId = `character-season-${season ?? 'other'}`
            return (
              <section key={headingId} aria-labelledby={headingId} className="season-group">
                <h3 id={headingId}>{season === null ? 'Other episodes' : `Season ${season}`}</h3>
                <ol className="link-list" aria-labelledby={headingId}>
                  {inSeason.map((episode) => (
                    <li key={episode.id}>
                      <span className="code">{episode.episode}</span>{' '}
                      <Link to={`${episodes.appPath}/${episode.id}`} state={back}>
                        {episode.name}
                      </Link>{' '}
                      <span className="muted">{formatAirDate(episode.air_date)}</span>
                    </li>
                  ))}
                </ol>
              </section>
            )
          })
        )}
      </section>
    </>
  )
}
