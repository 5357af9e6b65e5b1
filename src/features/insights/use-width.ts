import { type RefObject, useLayoutEffect, useState } from 'react'

/** The width of an element in CSS pixels, kept up to date as it resizes (charts draw at their real size). */
export function useWidth(ref: RefObject<HTMLElement | null>, initial = 600): number {
  const [width, setWidth] = useState(initial)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}
