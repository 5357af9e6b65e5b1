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

/**
 * Failures that answer the address itself (nothing there, a request the service refuses): the same for every
 * visitor and every retry, so a first view rendered by the service may show them as they are.
 */
export function isLastingFailure(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'notFound' || error.kind === 'badRequest')
}

const API_ERROR_KINDS: readonly ApiErrorKind[] = [
  'unauthorized',
  'notFound',
  'rateLimited',
  'badRequest',
  'server',
  'network',
  'invalidResponse',
]
const isApiErrorKind = (kind: unknown): kind is ApiErrorKind => API_ERROR_KINDS.some((each) => each === kind)

/** An ApiError again from what JSON kept of one (its kind, status, retry delay and detail), or null. */
export function revivedApiError(value: unknown): ApiError | null {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return null
  const { kind } = value
  if (!isApiErrorKind(kind)) return null
  const numberOf = (name: string) => {
    const field: unknown = Reflect.get(value, name)
    return typeof field === 'number' ? field : undefined
  }
  const detail: unknown = Reflect.get(value, 'detail')
  return new ApiError(kind, {
    status: numberOf('status'),
    retryAfter: numberOf('retryAfter'),
    detail: typeof detail === 'string' ? detail : undefined,
  })
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
