import { type FormEvent, useId, useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { episodes, locations, parseEpisodeCode, parseId } from '../../catalogue'
import { CatalogueIndexStatus } from '../../catalogue-index/components/CatalogueIndexStatus'
import { useCharacters } from '../../catalogue-index/hooks/use-characters'
import { AnswerDisclosure } from '../../components/api/AnswerDisclosure'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { BackLink } from '../../components/links/BackLink'
import type { BackState } from '../../components/links/back-state'
import { type CompareRow, type CompareSet, CompareTable } from '../../components/record/CompareTable'
import { useCompareFocus } from '../../components/record/use-compare-focus'
import { CHARACTERS_APP_PATH, characterPath } from '../../lib/character-path'
import { idList } from '../../lib/wording'
import { Appearance, linksOf } from './CharacterDetailView'
import { IndexAnswerState } from './IndexAnswerState'

/** `/characters/1,2`: characters side by side, with the episodes and locations they share. */
export function CharacterCompare({ ids }: { ids: number[] }) {
  const answer = useCharacters(ids)
  const shown = answer.state === 'ready' ? answer.data : null
  // Each character's records, typed by their schemas once per answer (rows and sets both read them).
  const linked = useMemo(() => shown?.map(linksOf) ?? [], [shown])
  const location = useLocation()
  const navigate = useNavigate()
  const title = 'Compare characters'
  usePageTitle(title)
  const backHere: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: 'comparison' }
  const compare = (next: number[]) =>
    void navigate(characterPath([...new Set(next)].sort((a, b) => a - b)), {
      state: location.state,
      preventScrollReset: true,
    })
  const focus = useCompareFocus(answer.state === 'ready' ? ids.join(',') : null)

  return (
    <div className="record-page compare-page" ref={focus.container}>
      <BackLink listPath={CHARACTERS_APP_PATH} plural="characters" />
      <PageHeading>{title}</PageHeading>
      <CatalogueIndexStatus ready />
      {ids.length === 0 ? (
        <p className="state">
          No characters were chosen. <Link to={CHARACTERS_APP_PATH}>Browse all characters</Link> and select
          some to compare.
        </p>
      ) : (
        <IndexAnswerState
          answer={answer}
          willShow={`This page will compare characters ${idList(ids)} side by side: their locations and episodes, what they share and what only one has.`}
          loading="Loading characters"
        >
          {(found) => {
            const known = new Set(found.map((character) => character.id))
            const missing = ids.filter((id) => !known.has(id))
            return (
              <>
                {missing.length > 0 && <p className="compare-missing">Not found: {idList(missing)}</p>}
                <CompareTable
                  caption={title}
                  columns={found.map((character) => ({
                    id: character.id,
                    name: character.name,
                    heading: (
                      <Link to={characterPath(character.id)} state={backHere}>
                        {character.name}
                      </Link>
                    ),
                  }))}
                  rows={rowsOf(linked)}
                  sets={setsOf(linked, backHere)}
                  onRemove={
                    found.length > 2
                      ? (id) => {
                          focus.removing(found.findIndex((character) => character.id === id))
                          compare(ids.filter((other) => other !== id))
                        }
                      : undefined
                  }
                />
              </>
            )
          }}
        </IndexAnswerState>
      )}
      <AddById
        present={new Set(ids)}
        onAdd={(id) => {
          focus.adding()
          compare([...ids, id])
        }}
      />
      <AnswerDisclosure answer={answer} />
    </div>
  )
}

type Linked = ReturnType<typeof linksOf>

/** What a character without episodes has in each row: the words, not an empty cell. */
const NONE = 'None'

function rowsOf(linked: readonly Linked[]): CompareRow[] {
  const seasons = (character: Linked) =>
    [...new Set(character.episodes.map((episode) => parseEpisodeCode(episode.episode)?.season))]
      .filter((season) => season !== undefined)
      .sort((a, b) => a - b)
      .join(', ') || NONE
  // An appearance is a link to its episode: the episodes, not the links' text, tell two apart.
  const appearance = (
    label: string,
    pick: (character: Linked) => Linked['episodes'][number] | undefined,
  ) => ({
    label,
    values: linked.map((character) => {
      const episode = pick(character)
      return episode ? <Appearance key={label} episode={episode} /> : NONE
    }),
    compared: linked.map((character) => String(pick(character)?.id ?? NONE)),
  })
  return [
    { label: 'Seasons', values: linked.map(seasons) },
    appearance('First appearance', (character) => character.episodes[0]),
    appearance('Last appearance', (character) => character.episodes.at(-1)),
  ]
}

function setsOf(linked: readonly Linked[], linkState: BackState): CompareSet[] {
  return [
    {
      label: 'Episodes',
      singular: 'episode',
      plural: 'episodes',
      linkState,
      items: linked.map((character) =>
        character.episodes.map((episode) => ({
          id: episode.id,
          text: episode.episode,
          label: `${episode.episode} ${episode.name}`,
          href: `${episodes.appPath}/${episode.id}`,
        })),
      ),
    },
    {
      label: 'Locations',
      singular: 'location',
      plural: 'locations',
      linkState,
      items: linked.map((character) =>
        character.locations.map((place) => ({
          id: place.id,
          text: place.name,
          label: place.name,
          href: `${locations.appPath}/${place.id}`,
        })),
      ),
    },
  ]
}

/** "Add a character": by its number (characters have no names to search). */
function AddById({ present, onAdd }: { present: ReadonlySet<number>; onAdd: (id: number) => void }) {
  const fieldId = useId()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState('')
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const id = parseId(text.replace(/^#/, ''))
    if (id === null) return setProblem('Enter a character number such as 42.')
    if (present.has(id)) return setProblem(`Character #${id} is already compared.`)
    setProblem('')
    setText('')
    onAdd(id)
  }
  return (
    <section className="compare-add" aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`}>Add a character</h2>
      <form onSubmit={submit} noValidate className="compare-add-form">
        <label htmlFor={fieldId}>Character number</label>
        <input
          id={fieldId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={problem !== '' || undefined}
          aria-describedby={`${fieldId}-problem`}
          onChange={(event) => setText(event.target.value)}
        />{' '}
        <button type="submit" className="button button-secondary">
          Add
        </button>
        <p className="compare-add-status" id={`${fieldId}-problem`} role="status">
          {problem}
        </p>
      </form>
    </section>
  )
}
