import { Fragment } from 'react'
import { Link } from 'react-router-dom'
import { COLLECTIONS } from '../../catalogue'

/** "Browse locations or browse episodes.": a link to every collection's list, in the collections' order. */
export function BrowseCollections() {
  return (
    <p>
      {COLLECTIONS.map(({ name, appPath, labels }, index) => (
        <Fragment key={name}>
          {index === 0 ? '' : index === COLLECTIONS.length - 1 ? ' or ' : ', '}
          <Link to={appPath}>{`${index === 0 ? 'Browse' : 'browse'} ${labels.plural}`}</Link>
        </Fragment>
      ))}
      .
    </p>
  )
}
