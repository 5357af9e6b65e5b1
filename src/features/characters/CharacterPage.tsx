import { Navigate, useParams } from 'react-router-dom'
import { parseIdSelection } from '../../catalogue'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { BackLink } from '../../components/links/BackLink'
import { RecordNotFound } from '../../components/record/RecordNotFound'
import { CHARACTERS_APP_PATH, characterPath } from '../../lib/character-path'
import { CharacterCompare } from './CharacterCompare'
import { CharacterDetailView } from './CharacterDetailView'
import '../../components/record/record.css'
import './characters.css'

/** `/characters/42` shows one character, `/characters/1,2` compares several; anything else is not found. */
export default function CharacterPage() {
  const { ids = '' } = useParams()
  const parsed = parseIdSelection(ids)
  if (!parsed.ok) return <NoSuchAddress />
  const { selection } = parsed
  // One distinct id (`/characters/1,1`, `/characters/[1]`) is that character's own page.
  if (selection.kind === 'many' && selection.ids.length === 1) {
    return <Navigate to={characterPath(selection.ids[0] ?? 0)} replace />
  }
  return selection.kind === 'one' ? (
    <CharacterDetailView key={selection.id} id={selection.id} />
  ) : (
    <CharacterCompare ids={selection.ids} />
  )
}

function NoSuchAddress() {
  usePageTitle('Character not found')
  return (
    <div className="record-page">
      <BackLink listPath={CHARACTERS_APP_PATH} plural="characters" />
      <PageHeading>Character not found</PageHeading>
      <RecordNotFound singular="character" plural="characters" listPath={CHARACTERS_APP_PATH} />
    </div>
  )
}
