import { characterNumbers, countText } from '../../lib/format'

type Props = { urls: readonly string[]; singular: string; plural: string; listLabel: string }

/** "3 residents" and the character numbers (#4, #17): their addresses lead nowhere, as there is no character endpoint. */
export function CharacterNumbers({ urls, singular, plural, listLabel }: Props) {
  const numbers = characterNumbers(urls)
  return (
    <>
      <span className="count-text">{countText(urls.length, singular, plural)}</span>
      {numbers.length > 0 && (
        <ul className="character-numbers" aria-label={listLabel}>
          {numbers.map((number, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a character may appear twice; position tells them apart.
            <li key={`${number}-${index}`}>#{number}</li>
          ))}
        </ul>
      )}
    </>
  )
}
