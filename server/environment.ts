import { z } from 'zod'

/**
 * A variable holding a whole number from `min` to `max`, as every reader of the environment reads one: white
 * space around it is not part of it, and an empty or absent value means `fallback` (the default, or null
 * for a setting that is off without it). Anything else is refused with one sentence naming the variable
 * (`unit` says what the number counts, such as "milliseconds").
 */
export function wholeNumberVariable<T extends number | null>(
  variable: string,
  range: { min: number; max: number; fallback: T; unit?: string },
) {
  const { min, max, fallback, unit } = range
  const message = `${variable} must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`
  return z
    .string()
    .optional()
    .transform((text, context): number | T => {
      const trimmed = text?.trim() ?? ''
      if (trimmed === '') return fallback
      const value = /^[0-9]+$/.test(trimmed) ? Number(trimmed) : Number.NaN
      if (!(value >= min && value <= max)) {
        context.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return value
    })
}
