import { Link, useLocation } from 'react-router-dom'
import { characterPath } from '../../lib/character-path'
import { characterNumbers, countText } from '../../lib/wording'
import type { BackState } from '../links/back-state'

type Props = {
  urls: readonly string[]
  singular: string
  plural: string
  listLabel: string
  /** What the character page's "Back to …" names this page. */
  backLabel: string
}

/** "3 residents" and the character numbers (#4, #17), each a link to the character's page. */
export function CharacterNumbers({ urls, singular, plural, listLabel, backLabel }: Props) {
  const numbers = characterNumbers(urls)
  const location = useLocation()
  const back: BackState = { backTo: `${location.pathname}${location.search}`, backLabel }
  return (
    <>
      <span className="count-text">{countText(urls.length, singular, plural)}</span>
      {numbers.length > 0 && (
        <ul className="character-numbers" aria-label={listLabel}>
          {numbers.map((number, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a character may appear twice; position tells them apart.
            <li key={`${number}-${index}`}>
              <Link to={characterPath(number)} state={back} aria-label={`Character #${number}`}>
                #{number}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
