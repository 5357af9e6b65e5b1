import { showLatestCatalogue } from '../../api/catalogue-changed'

/** "The catalogue has changed since this page was shown", with Show the new one, which asks every answer again. */
export default function CatalogueChangedBanner({
  service,
  onShowNew,
}: {
  service: string
  onShowNew: () => void
}) {
  return (
    <div className="notice-banner notice-banner-floating" role="status">
      <p>The catalogue has changed since this page was shown.</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          onShowNew()
          showLatestCatalogue(service)
        }}
      >
        Show the new one
      </button>
    </div>
  )
}
