import { useEffect } from 'react'
import { APP_NAME } from '../../lib/app-name'

/** Sets `document.title` to "<page title> · Catalogue Explorer" while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])
}
