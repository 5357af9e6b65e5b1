import type { ReactNode } from 'react'
import { describeIndexState } from '../../catalogue-index/components/describe'
import type { IndexPageState } from '../../catalogue-index/hooks/use-index-answer'
import { LoadingBar } from '../../components/states/LoadingBar'
import { QueryErrorState } from '../../components/states/QueryErrorState'

/**
 * A character page's body: what it will show while the catalogue index is incomplete (the index's status
 * line above it offers to build it and shows its progress), a loading bar, a failure, or the page itself.
 */
export function IndexAnswerState<T>({
  answer,
  willShow,
  loading,
  children,
}: {
  answer: IndexPageState<T>
  /** "This page will show …": what the page is for, said while it cannot show it yet. */
  willShow: string
  loading: string
  children: (data: T) => ReactNode
}) {
  switch (answer.state) {
    case 'unsupported':
      return (
        <div className="state">
          <p>{willShow}</p>
          <p>This browser cannot keep the catalogue index (it needs Web Workers and IndexedDB).</p>
        </div>
      )
    case 'waiting':
      return (
        <div className="state index-needed">
          <p>{willShow}</p>
          <p>
            It needs the catalogue index: every location and episode, read once and kept in this browser.{' '}
            {answer.status.building
              ? 'The index is being built; its progress is shown above.'
              : `${describeIndexState(answer.status).action} (above) to see it; its progress is shown there.`}
          </p>
        </div>
      )
    case 'loading':
      // A screen's height, so that what follows the page (Add, the API disclosure, the footer) starts below it
      // and the page's arrival moves nothing in view.
      return (
        <div className="index-answer-loading">
          <LoadingBar label={loading} />
        </div>
      )
    case 'failed':
      return <QueryErrorState error={answer.error} onRetry={answer.retry} retrying={false} />
    case 'ready':
      if (!answer.kept) return children(answer.data)
      return (
        <>
          <p className="state" role="status">
            The catalogue has changed since this page was shown: it shows the catalogue as it was then.
            Refresh the index (above) to see the new one.
          </p>
          {children(answer.data)}
        </>
      )
  }
}
