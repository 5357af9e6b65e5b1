import { Link } from 'react-router-dom'
import { describeIndexState, describeProgress } from '../../../catalogue-index/components/describe'
import { LoadingBar } from '../../states/LoadingBar'
import type { IndexWaiting } from '../list-answer'

/**
 * A view the index answers (a sort, facet values, ranges), opened where the index is not complete: one
 * sentence says so, with the build's button or progress; the view follows once the index is complete.
 */
export function IndexNeeded({ answer, withoutView }: { answer: IndexWaiting; withoutView: string }) {
  const { status, stale, progress, supported } = answer
  if (!supported)
    return (
      <div className="state index-needed">
        <p>
          Sorting, facets and ranges are answered by the catalogue index, which this browser cannot keep (it
          needs Web Workers and IndexedDB).
        </p>
        <p>
          <Link to={withoutView}>Show the list without them</Link>
        </p>
      </div>
    )
  if (status === null) return <LoadingBar label="Reading the catalogue index" />
  const building = status.building || progress !== null
  const { action } = describeIndexState(status, stale)
  return (
    <div className="state index-needed">
      <p>
        {building
          ? `This view is answered by the catalogue index, which is being built: ${progress ? describeProgress(progress) : 'starting'}. The view follows once it is complete.`
          : stale
            ? 'This view (its sort, facets or ranges) is answered by the catalogue index, which this browser read from an earlier catalogue: the service’s has changed since.'
            : 'This view (its sort, facets or ranges) is answered by the catalogue index: every record, read once and kept in this browser, which does not hold it yet.'}
      </p>
      <p className="index-needed-actions">
        {!building && (
          <button
            type="button"
            className="button"
            onClick={() => answer.build(status.complete ? 'refresh' : 'build')}
          >
            {action}
          </button>
        )}
        <Link to={withoutView}>Show the list without them</Link>
      </p>
    </div>
  )
}
