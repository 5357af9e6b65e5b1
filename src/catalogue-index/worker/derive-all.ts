import type { IndexConnection } from '../protocol/worker-api'
import { characterIndex } from './characters-answers'
import { counted } from './insights'
import { namesOf, searchOf } from './search'
import { prepared } from './view'

/**
 * Derives (and so keeps, in the index's database) everything the worker answers from a complete index, one
 * after another: run after a build, so that the next page load reads it all instead of deriving it.
 */
export async function deriveAll(connection: IndexConnection): Promise<void> {
  for (const derive of [namesOf, counted, characterIndex, prepared, searchOf]) {
    await derive(connection).catch(() => null)
  }
}
