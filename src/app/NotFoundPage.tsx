import { BrowseCollections } from '../components/layout/BrowseCollections'
import { PageHeading } from '../components/layout/PageHeading'
import { usePageTitle } from '../components/layout/use-page-title'

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <div className="state-page">
      <PageHeading>Page not found</PageHeading>
      <p>Nothing lives at this address in the explorer.</p>
      <BrowseCollections />
    </div>
  )
}
