import { type CollectionView, formatIdList } from '../catalogue'

/** The address of one record, or of several in one request. */
export function recordsRequestPath(
  collection: Pick<CollectionView, 'itemPath'>,
  ids: readonly number[],
): string {
  return `${collection.itemPath}/${formatIdList(ids)}`
}
