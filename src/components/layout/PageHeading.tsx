import type { ReactNode } from 'react'

/**
 * The page's one h1. It can take focus (tabIndex -1) so that the layout moves focus to it after each route
 * change; keep it rendered in every state of a page so focus is not lost when the content arrives.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="page-heading" tabIndex={-1}>
      {children}
    </h1>
  )
}
