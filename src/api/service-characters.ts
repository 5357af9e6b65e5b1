import { serviceExtension } from './service-extension'

/**
 * Which catalogue services answer characters and a record's related records (contract §13: `/v1/characters`),
 * and count the insights' facets: this site's from its run-time config, another's from its OpenAPI document's
 * markers (read with the views' marker).
 */
export const serviceCharacters = serviceExtension('characters')
export const serviceInsights = serviceExtension('insights')
