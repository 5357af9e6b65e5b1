import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react'
import { isApiError } from '../api/errors'
import { APP_NAME } from '../lib/app-name'
import { RouteModuleError, retryFailedRouteModules } from '../lib/page/route-module'

type Props = { children: ReactNode /** A change (the page's path) starts afresh. */; resetKey: string }
type State = { error: unknown; resetKey: string }

/**
 * Keeps a failure while showing one page inside that page: the header and navigation keep working.
 * Moving to another path starts afresh (without remounting the page, which would flash a loading state).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey }
  }

  componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Nothing is logged: messages may hold request details, and the key must never reach a log.
    document.title = `This page could not be shown · ${APP_NAME}`
  }

  render() {
    if (this.state.error === null) return this.props.children
    return <PageFailure error={this.state.error} onRetry={() => this.setState({ error: null })} />
  }
}

/** "This page could not be shown", why, and Retry (which also asks again for page code that failed to load). */
export function PageFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message =
    isApiError(error) || error instanceof RouteModuleError
      ? error.message
      : 'Something went wrong while showing this page.'
  // A redeploy renamed the page's code: one full reload, at the address the user went to, loads the new version.
  const newVersion = error instanceof RouteModuleError && error.newVersion
  useEffect(() => {
    if (newVersion) window.location.reload()
  }, [newVersion])
  function retry() {
    retryFailedRouteModules()
    if (onRetry) onRetry()
    else window.location.reload()
  }
  return (
    <div className="state state-error" role="alert">
      <h1 className="page-heading" tabIndex={-1}>
        This page could not be shown
      </h1>
      <p>{message}</p>
      <button type="button" className="button" onClick={retry}>
        Retry
      </button>
    </div>
  )
}
