import {
  type MouseEvent,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom'
import { COLLECTIONS, joinWithAnd } from '../../catalogue'
import { OfflineNotice } from '../../catalogue-index/components/OfflineNotice'
import { APP_NAME } from '../../lib/app-name'
import { ErrorBoundary, PageFailure } from '../ErrorBoundary'
import { HeaderSearchContext } from './header-search'
import { useFocusOnNavigation } from './use-focus-on-navigation'
import { useScrollRestoration } from './use-scroll-restoration'
import './layout.css'
import { PageShown } from './page-shown'

const SECTIONS = [
  ...COLLECTIONS.map((collection) => ({ to: collection.appPath, label: collection.labels.title })),
  { to: '/characters', label: 'Characters' },
  { to: '/insights', label: 'Insights' },
  { to: '/api', label: 'API' },
  { to: '/settings', label: 'Settings' },
]
const HOME = COLLECTIONS[0].appPath
const HOLDINGS = joinWithAnd(COLLECTIONS.map((collection) => collection.labels.plural))

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus the landmark without a "#main" history entry, which the router would treat as a navigation.
  event.preventDefault()
  const main = document.getElementById('main')
  main?.focus()
  main?.scrollIntoView()
}

type Props = {
  /** Shown instead of the route's page: the not-found page of a failed route. */
  children?: ReactNode
  /** The first page is on its way (its code, or the run-time config). */
  loading?: boolean
  /** The route could not be shown at all. */
  failure?: unknown
}

const LOADING = <p className="app-loading">Loading…</p>

/** Header, navigation, the page in `main` (inside an error boundary), footer. */
export function Layout({ children, loading = false, failure }: Props) {
  // A new page opens at its top; Back and Forward return to where each entry was scrolled.
  useScrollRestoration()
  useFocusOnNavigation()
  const { pathname } = useLocation()
  const page = loading ? LOADING : (children ?? <Outlet />)
  const HeaderSearch = useContext(HeaderSearchContext)
  const menuId = useId()
  // On a phone the sections fold into a Menu button (CSS decides when), so the header stays one row.
  // Open on the page where it was opened: a new page closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const menuOpen = openAt === pathname
  const nav = useRef<HTMLElement>(null)
  // An open menu also closes on Escape (focus back on its button) and on a click or tap outside it.
  useEffect(() => {
    if (!menuOpen) return
    const close = (event: KeyboardEvent | PointerEvent) => {
      if ('key' in event ? event.key !== 'Escape' : nav.current?.contains(event.target as Node)) return
      setOpenAt(null)
      if ('key' in event) nav.current?.querySelector('button')?.focus()
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [menuOpen])

  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the handler only avoids a router entry. */}
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to main content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link className="brand" to={HOME}>
            <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <ellipse cx="12" cy="12" rx="9" ry="3.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="12" cy="12" r="2.2" fill="currentColor" />
            </svg>
            {APP_NAME}
          </Link>
          <nav aria-label="Main" className="main-nav" ref={nav}>
            <button
              type="button"
              className="menu-button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setOpenAt(menuOpen ? null : pathname)}
            >
              Menu
            </button>
            <ul id={menuId} className={menuOpen ? 'menu-open' : undefined}>
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to}>{section.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {HeaderSearch && <HeaderSearch />}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main">
        <OfflineNotice />
        {failure !== undefined ? (
          <PageShown>
            <PageFailure error={failure} />
          </PageShown>
        ) : (
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={LOADING}>
              <PageShown>{page}</PageShown>
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
      <footer className="site-footer">
        <p>Read-only catalogue of {HOLDINGS}.</p>
      </footer>
    </>
  )
}
