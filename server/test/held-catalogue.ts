import type { CatalogueContent, CollectionSource } from '../catalogue/source'

/**
 * A catalogue whose reads wait until `release()`, so a request stays in flight while the test replaces the
 * catalogue; `reading` settles once a request has started reading it.
 */
export function heldCatalogue(content: CatalogueContent) {
  let release = () => {}
  let started = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const reading = new Promise<void>((resolve) => {
    started = resolve
  })
  const hold = <T>(read: () => Promise<T>) => {
    started()
    return held.then(read)
  }
  const collections = content.collections.map(
    (source): CollectionSource => ({
      collection: source.collection,
      count: source.count,
      slice: (start, end) => hold(() => source.slice(start, end)),
      atPositions: (positions) => hold(() => source.atPositions(positions)),
      withIds: (ids) => hold(() => source.withIds(ids)),
      match: (filters, start, end) => hold(() => source.match(filters, start, end)),
      prepareViews: () => source.prepareViews(),
      get answersViews() {
        return source.answersViews
      },
      answerView: (query) => hold(() => source.answerView(query)),
      streamOrder: (filters, view) => hold(() => source.streamOrder(filters, view)),
      positionAfter: (id) => hold(() => source.positionAfter(id)),
    }),
  )
  return {
    content: { collections, contentVersion: content.contentVersion },
    reading,
    release: () => release(),
  }
}
