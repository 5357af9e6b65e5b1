import { Component, type ErrorInfo, type ReactNode } from 'react'
import { isApiError } from '../api/errors'
import { APP_NAME } from './layout/use-page-title'

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
