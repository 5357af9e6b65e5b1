/** Every way a request to the catalogue can fail, as one type the UI can switch on. */
export type ApiErrorKind =
  | 'unauthorized'
  | 'notFound'
  | 'rateLimited'
  | 'badRequest'
  | 'server'
  | 'network'
  | 'invalidResponse'

type ApiErrorInit = {
  status?: number
  /** Seconds to wait before asking again (rate limited only). */
  retryAfter?: number
  /** The service's own sentence, with the key removed. */
  detail?: string
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | undefined
  readonly retryAfter: number | undefined
  readonly detail: string | undefined

  constructor(kind: ApiErrorKind, init: ApiErrorInit = {}) {
    super(describeFailure(kind, init))
    this.name = 'ApiError'
    this.kind = kind
    this.status = init.status
    this.retryAfter = init.retryAfter
    this.detail = init.detail
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** One sentence a person can act on. Never contains the key: it is built from our own words and the status. */
export function describeFailure(kind: ApiErrorKind, init: ApiErrorInit = {}): string {
  switch (kind) {
    case 'unauthorized':
      return 'The service did not accept the API key. Enter a valid key to continue.'
    case 'notFound':
      return 'The service has nothing at this address.'
    case 'rateLimited':
      return rateLimitMessage(init.retryAfter ?? 1)
    case 'badRequest':
      return init.detail
        ? `The service did not accept the request: ${init.detail}`
        : 'The service did not accept the request.'
    case 'server':
      return `The catalogue service had a problem (${init.status ?? 'unknown status'}).`
    case 'network':
      return 'The catalogue service could not be reached.'
    case 'invalidResponse':
      return 'The service answered with data in an unexpected format.'
  }
}

/** "Too many requests. Trying again in 2 seconds." (or "1 second"). */
export function rateLimitMessage(seconds: number): string {
  return `Too many requests. Trying again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
}
