import { serviceExtension } from './service-extension'

/**
 * Which catalogue services answer views (contract §12: sort, facet values and counts, ranges): this site's
 * from its run-time config (or its first view's state), another's from its OpenAPI document's marker. A
 * service found not to apply a view it was sent (no echo) answers none from then on.
 */
export const serviceViews = serviceExtension('views')
