import { Component, type ErrorInfo, type ReactNode } from 'react'
import { isApiError } from '../api/errors'

type State = { error: unknown }

/**
 * Keeps a failure while showing one page inside that page: the header and navigation keep working.
 * The layout gives it a new key per path, so moving elsewhere starts afresh.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Nothing is logged: messages may hold request details, and the key must never reach a log.
  }

  render() {
    if (this.state.error === null) return this.props.children
    const message = isApiError(this.state.error)
      ? this.state.error.message
      : 'Something went wrong while showing this page.'
    return (
      <div className="state state-error" role="alert">
        <h1 className="page-heading" tabIndex={-1}>
          This page could not be shown
        </h1>
        <p>{message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Retry
        </button>
      </div>
    )
  }
}
