import { type ReactNode, useEffect, useRef } from 'react'
import { takePendingHeadingFocus } from './focus-heading'

/**
 * The page's one h1. It can take focus (tabIndex -1) so that focus moves to it after each route change;
 * keep it rendered in every state of a page so focus is not lost when the content arrives.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => takePendingHeadingFocus(ref.current), [])
  return (
    <h1 className="page-heading" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  )
}
