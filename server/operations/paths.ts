/** The operations endpoints' paths outside /v1 (contract §10): liveness and readiness. */
export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'
