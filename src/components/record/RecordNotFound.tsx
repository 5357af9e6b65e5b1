import { Link } from 'react-router-dom'

/** The body of a record page whose id the catalogue does not know (or that is no id at all). */
export function RecordNotFound({
  singular,
  plural,
  listPath,
}: {
  singular: string
  plural: string
  listPath: string
}) {
  return (
    <div className="state">
      <p>
        There is no {singular} at this address. It may have been mistyped, or the link may be out of date.
      </p>
      <Link to={listPath}>Browse all {plural}</Link>
    </div>
  )
}
