import { serviceExtension } from './service-extension'

/**
 * Which catalogue services answer search (contract §13: `/v1/search`): this site's from its run-time config,
 * another's from its OpenAPI document's marker (read with the views' marker).
 */
export const serviceSearch = serviceExtension('search')
