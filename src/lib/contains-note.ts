import { z } from 'zod/mini'

/**
 * What an insights bar counted (records whose field is exactly the value), carried in the history state to
 * the filtered list it opens, whose filter matches every value that contains the text.
 */
const ContainsNoteSchema = z.object({ field: z.string(), value: z.string(), count: z.number() })
export type ContainsNote = z.infer<typeof ContainsNoteSchema>

const StateSchema = z.object({ containsNote: ContainsNoteSchema })

export function containsNoteOf(state: unknown): ContainsNote | null {
  return StateSchema.safeParse(state).data?.containsNote ?? null
}
