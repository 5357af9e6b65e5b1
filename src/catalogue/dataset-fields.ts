import { z } from 'zod/mini'

/** Fields the dataset file (contract section 9) holds alike in every collection. */
export const datasetId = z.int().check(z.positive())
export const characterIds = z.array(z.int().check(z.positive()))
export const datasetCreated = z.iso.datetime({ precision: 3 })

/** The rule of a character-link field, for a refused file's message. */
export const CHARACTER_IDS_RULE = 'must be an array of positive integers'

// Ids of 0 are accepted in answers: the specification names 0 as an id's value when it is empty, and the
// explorer reads any service that follows it.
export const apiId = z.int().check(z.nonnegative())
