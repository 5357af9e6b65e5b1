import { ApiDisclosure } from './ApiDisclosure'
import { IndexDisclosure } from './IndexDisclosure'

/**
 * "API" on a page the catalogue index or the service answers (`src/lib/answerer.ts`): the service's requests,
 * or where the index's answer came from.
 */
export function AnswerDisclosure({
  answer,
}: {
  answer: { by: 'index' | 'service'; paths: readonly string[]; state: string; updatedAt?: number | null }
}) {
  if (answer.by === 'service') return <ApiDisclosure paths={answer.paths} />
  return <IndexDisclosure updatedAt={answer.state === 'ready' ? (answer.updatedAt ?? null) : null} />
}
