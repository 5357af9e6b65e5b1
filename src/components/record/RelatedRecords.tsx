import { useId } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { type ApiRecord, COLLECTIONS } from '../../catalogue'
import { describeIndexState } from '../../catalogue-index/components/describe'
import { useRelatedRecords } from '../../catalogue-index/hooks/use-characters'
import type { BackState } from '../links/back-state'
import { LoadingBar } from '../states/LoadingBar'

type Props = {
  collection: { name: string; characterLinks: { plural: string } }
  record: ApiRecord
  /** The heading of each other collection's section, by collection name: "Episodes its residents appear in". */
  headings: Readonly<Record<string, string>>
}

const fieldsOf = (record: ApiRecord): Record<string, unknown> => record

/**
 * A record's links through its characters, from the catalogue index or the service: for a location, the
 * episodes its residents appear in; for an episode, the locations its characters live in; each with how many
 * of them it shares, most first. The service answers a page at a time: "Show more" reads the next.
 */
export default function RelatedRecords({ collection, record, headings }: Props) {
  const answer = useRelatedRecords(collection.name, record.id)
  const { plural } = collection.characterLinks
  const sections = COLLECTIONS.filter((other) => headings[other.name] !== undefined)
  const id = useId()
  const location = useLocation()
  // A related record's "Back to …" returns to this record.
  const back: BackState = { backTo: `${location.pathname}${location.search}`, backLabel: record.name }
  return (
    <>
      {sections.map((other) => {
        const headingId = `${id}-${other.name}`
        const items =
          answer.state === 'ready'
            ? answer.data?.find((related) => related.collection === other.name)?.items
            : []
        // The first field a record of that collection shows (an episode's code, a location's type).
        const detail = other.recordFields[0]?.field
        const more = answer.more?.[other.name]
        return (
          <section key={other.name} className="related-records" aria-labelledby={headingId}>
            <h2 id={headingId}>{headings[other.name]}</h2>
            {answer.state === 'unsupported' ? (
              <p className="muted">This browser cannot keep the catalogue index this section is read from.</p>
            ) : answer.state === 'waiting' ? (
              <p className="muted">
                Shown once the catalogue index is built
                {answer.status.building ? (
                  ' (it is being built).'
                ) : (
                  <>
                    .{' '}
                    <button type="button" className="button button-secondary" onClick={answer.build}>
                      {describeIndexState(answer.status).action}
                    </button>
                  </>
                )}
              </p>
            ) : answer.state === 'loading' ? (
              <LoadingBar label={headings[other.name] ?? ''} />
            ) : answer.state === 'failed' ? (
              <p className="muted">
                {answer.by === 'service'
                  ? 'The service did not answer these. '
                  : 'The catalogue index could not be read. '}
                <button type="button" className="button button-secondary" onClick={answer.retry}>
                  Retry
                </button>
              </p>
            ) : !items || items.length === 0 ? (
              <p className="muted">
                None: no {other.labels.singular} shares its {plural}.
              </p>
            ) : (
              <>
                <ul className="related-list" aria-labelledby={headingId}>
                  {items.map(({ record: related, count }) => {
                    const extra = detail ? String(fieldsOf(related)[detail] ?? '') : ''
                    return (
                      <li key={related.id}>
                        <Link to={`${other.appPath}/${related.id}`} state={back}>
                          {related.name}
                        </Link>
                        {extra && <span className="muted"> · {extra}</span>}
                        <span className="related-count">
                          {count} of its {plural}
                        </span>
                      </li>
                    )
                  })}
                </ul>
                {more?.next && (
                  <p className="related-more">
                    <span className="muted">
                      {items.length} of {more.count} shown.{' '}
                    </span>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={answer.showMore}
                      disabled={answer.fetchingMore}
                    >
                      {answer.fetchingMore ? 'Loading…' : `Show more ${other.labels.plural}`}
                    </button>
                  </p>
                )}
              </>
            )}
          </section>
        )
      })}
    </>
  )
}
