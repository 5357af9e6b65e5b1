import { createContext, type ReactNode, useContext, useEffect } from 'react'

/**
 * Called once the page in `main` is on the page: for a first view the service rendered, once the page itself
 * (which React hydrates apart from the header, as a Suspense boundary of its own) has become the app. What
 * changes the page's text, such as a frame's data, waits for it: a page that hydrates after its data has
 * arrived would render text its HTML does not have (React's error #418 on a slow machine).
 */
export const PageShownContext = createContext<(() => void) | null>(null)

/** A wrapper, not a sibling: a sibling would change the ids `useId` gives the page, which must be the HTML's. */
export function PageShown({ children }: { children: ReactNode }) {
  const shown = useContext(PageShownContext)
  useEffect(() => shown?.(), [shown])
  return children
}
