import { lazy } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { Layout } from '../components/layout/Layout'
import { COLLECTION_ROUTES, HOME_PATH } from './collection-routes'
import { RequireConnection } from './connection/RequireConnection'
import { NotFoundPage } from './NotFoundPage'

// Every page is its own chunk, downloaded when first visited. Navigations run in a transition, so the
// current page stays on screen until the next one's code has arrived.
const Settings = lazy(() => import('./settings/SettingsPage'))
const Insights = lazy(() => import('../features/insights/InsightsPage'))

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        <Route element={<RequireConnection />}>
          {COLLECTION_ROUTES.flatMap(({ path, List, Record }) => [
            <Route key={path} path={path} element={<List />} />,
            <Route key={`${path}/:ids`} path={`${path}/:ids`} element={<Record />} />,
          ])}
          <Route path="insights" element={<Insights />} />
        </Route>
        <Route path="settings" element={<Settings />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
