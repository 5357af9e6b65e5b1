import type { z } from 'zod/mini'
import { COLLECTIONS } from '../collections.ts'
import { MAX_IDS } from '../ids.ts'
import {
  type Json,
  notModified,
  type OpenApiExamples,
  okAnswer,
  PAGE_PATTERN,
  pathItem,
  queryParameter,
  ref,
  refusal,
} from '../openapi-parts.ts'
import { CharacterListSchema, CharacterSchema, relatedPageSchema } from './answer.ts'
import { CHARACTERS_PATH, relatedPath } from './parameters.ts'

/*
 * The characters extension's paths in the OpenAPI document (contract §13): the characters list, characters by
 * id, and each collection's records related to a record of another.
 */

/** Marks what the characters extension adds. */
const CHARACTERS_EXTENSION = { 'x-catalogue-extension': 'characters' }

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`
const relatedSchemaName = (collection: (typeof COLLECTIONS)[number]) =>
  `Related${capitalised(collection.labels.singular)}Page`

/** The schemas of the answers, to add to the document's registry. */
export function characterSchemas(): [z.ZodMiniType<unknown>, string][] {
  return [
    [CharacterListSchema, 'CharacterPage'],
    [CharacterSchema, 'Character'],
    ...COLLECTIONS.map((collection): [z.ZodMiniType<unknown>, string] => [
      relatedPageSchema(collection),
      relatedSchemaName(collection),
    ]),
  ]
}

const query = queryParameter

const PAGE = query('page', 'Page number, plain decimal digits, at least 1 (default 1); given once.', {
  type: 'string',
  pattern: PAGE_PATTERN,
})

const refusals = (
  operation: { method: string; template: string; withBody: boolean },
  examples: OpenApiExamples,
  notFound: string,
) => ({
  304: notModified,
  400: refusal(400, operation, examples),
  401: refusal(401, operation, examples),
  404: refusal(404, operation, examples, notFound),
  429: refusal(429, operation, examples),
  503: refusal(503, operation, examples),
})

function listOperation(method: 'get' | 'head', examples: OpenApiExamples): Json {
  const operation = { method, template: CHARACTERS_PATH, withBody: method === 'get' }
  const counts = COLLECTIONS.map((collection) => collection.name)
  const sorted = (name: string, order: string) =>
    query(
      name,
      `Sorts by the character's number or by how many records of a collection name it, ${order}; ties by number. One of \`_sort\` and \`_sort_desc\`, once.`,
      {
        type: 'string',
        enum: ['id', ...counts],
      },
    )
  return {
    ...(method === 'get' ? { operationId: 'listCharacters' } : {}),
    summary: `${method === 'get' ? 'A page' : 'The headers of a page'} of the characters the records name, by number, 20 a page`,
    tags: ['characters'],
    ...CHARACTERS_EXTENSION,
    parameters: [
      PAGE,
      query(
        'season',
        'Only the characters of an episode of this season (its number, as `S02` is 2). Empty: any.',
        {
          type: 'string',
          pattern: '^[0-9]{0,4}$',
        },
      ),
      sorted('_sort', 'ascending'),
      sorted('_sort_desc', 'descending'),
      ...counts.flatMap((count) =>
        (['gte', 'lte'] as const).map((end) =>
          query(
            `${count}__${end}`,
            `Only characters named by ${end === 'gte' ? 'at least' : 'at most'} this many ${count}: a whole number. Empty: no bound. Once.`,
            { type: 'string' },
          ),
        ),
      ),
      query(
        '_facet',
        'Adds `facets.season`: every season, in order, with its characters within the ranges.',
        { type: 'string', enum: ['season'] },
        true,
      ),
      query(
        '_facet_bins',
        "Adds `facets.<count>`: the list's characters in the bins of that count the explorer's insights chart (`0`, `1`, `2`, `3–5`, … and an open last bin).",
        { type: 'string', enum: counts },
        true,
      ),
      ref('parameters', 'If-None-Match'),
    ],
    responses: {
      200: okAnswer(
        'A page of characters, with the facets asked for.',
        ref('schemas', 'CharacterPage'),
        operation,
        examples,
        false,
      ),
      ...refusals(operation, examples, 'A page beyond the last.'),
    },
  }
}

function itemOperation(method: 'get' | 'head', examples: OpenApiExamples): Json {
  const template = `${CHARACTERS_PATH}/{ids}`
  const operation = { method, template, withBody: method === 'get' }
  const character = ref('schemas', 'Character')
  return {
    ...(method === 'get' ? { operationId: 'getCharacters' } : {}),
    summary: `${method === 'get' ? 'One or several' : 'The headers of one or several'} characters by number, with the records naming them`,
    tags: ['characters'],
    ...CHARACTERS_EXTENSION,
    parameters: [
      {
        name: 'ids',
        in: 'path',
        required: true,
        description: `One number (\`42\`: the character as an object), a comma-separated list (\`1,2,3\`) or a bracketed list (\`[1,2,3]\`): an array in ascending order, each once, characters no record names left out. At most ${MAX_IDS} ids.`,
        schema: { type: 'string' },
      },
      ref('parameters', 'If-None-Match'),
    ],
    responses: {
      200: okAnswer(
        'The character (one number) or an array of characters (a list).',
        { oneOf: [character, { type: 'array', items: character }] },
        operation,
        examples,
        true,
      ),
      ...refusals(operation, examples, 'One number that no record names.'),
    },
  }
}

function relatedOperation(
  collection: (typeof COLLECTIONS)[number],
  other: (typeof COLLECTIONS)[number],
  method: 'get' | 'head',
  examples: OpenApiExamples,
): Json {
  const template = relatedPath(collection.itemPath, '{id}', other.name)
  const operation = { method, template, withBody: method === 'get' }
  return {
    ...(method === 'get'
      ? {
          operationId: `getRelated${capitalised(other.labels.plural)}Of${capitalised(collection.labels.singular)}`,
        }
      : {}),
    summary: `The ${other.labels.plural} naming any character of a ${collection.labels.singular}, most shared first, 20 a page`,
    tags: ['characters'],
    ...CHARACTERS_EXTENSION,
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: `The ${collection.labels.singular}'s id.`,
        schema: { type: 'string' },
      },
      PAGE,
      ref('parameters', 'If-None-Match'),
    ],
    responses: {
      200: okAnswer(
        `A page of ${other.labels.plural}, each with how many of the ${collection.labels.singular}'s characters it names (then in air order, or by id).`,
        ref('schemas', relatedSchemaName(other)),
        operation,
        examples,
        false,
      ),
      ...refusals(operation, examples, `\`${collection.labels.notFound}\`, or a page beyond the last.`),
    },
  }
}

/** The extension's path items, by template. */
export function characterPaths(examples: OpenApiExamples): Json {
  const paths: Json = {
    [CHARACTERS_PATH]: pathItem((method) => listOperation(method, examples)),
    [`${CHARACTERS_PATH}/{ids}`]: pathItem((method) => itemOperation(method, examples)),
  }
  for (const collection of COLLECTIONS)
    for (const other of COLLECTIONS)
      if (other !== collection)
        paths[relatedPath(collection.itemPath, '{id}', other.name)] = pathItem((method) =>
          relatedOperation(collection, other, method, examples),
        )
  return paths
}
