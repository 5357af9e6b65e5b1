import type { CatalogueClient } from '../../api/client'
import { type ConnectionStore, effectiveConnection } from '../../api/connection-in-use'
import { serviceCharacters, serviceInsights } from '../../api/service-characters'
import { indexCompleteness } from '../../catalogue-index/client/index-completeness'
import { answererOf, type Feature } from '../../lib/answerer'

/**
 * Whether a loader asks the service for a page of characters, a record's related records or the insights:
 * the one rule (`answererOf`), with the index's readiness as this page last heard it and the service's
 * extensions (the insights need both markers). Checked in the entry, so that a page the index answers loads no
 * code to ask the service.
 */
export async function servedBy(
  connections: ConnectionStore,
  client: CatalogueClient,
  feature: Extract<Feature, 'characters' | 'related' | 'insights'>,
): Promise<boolean> {
  const config = await connections.config
  const connection = effectiveConnection(connections.saved(), config.demoKey)
  const index = connection !== null && indexCompleteness.known(connection) ? 'ready' : 'incomplete'
  const characters = serviceCharacters.answers(client.service, config) === true
  const service =
    feature === 'insights'
      ? characters && serviceInsights.answers(client.service, config) === true
      : characters
  return answererOf(feature, { index, service }) === 'service'
}
