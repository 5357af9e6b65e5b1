import { useEffect } from 'react'

export const APP_NAME = 'Catalogue Explorer'

/** Sets `document.title` to "<page title> · Catalogue Explorer" while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])
}
