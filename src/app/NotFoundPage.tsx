import { Link } from 'react-router-dom'
import { PageHeading } from '../components/layout/PageHeading'
import { usePageTitle } from '../components/layout/use-page-title'

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <div className="state-page">
      <PageHeading>Page not found</PageHeading>
      <p>Nothing lives at this address in the explorer.</p>
      <p>
        <Link to="/locations">Browse locations</Link> or <Link to="/episodes">browse episodes</Link>.
      </p>
    </div>
  )
}
