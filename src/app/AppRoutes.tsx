import { lazy } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { Layout } from '../components/layout/Layout'
import { RequireConnection } from './connection/RequireConnection'
import { NotFoundPage } from './NotFoundPage'

// Every page is its own chunk, downloaded when first visited. Navigations run in a transition, so the
// current page stays on screen until the next one's code has arrived.
const LocationsList = lazy(() => import('../features/locations/LocationsListRoute'))
const LocationRecord = lazy(() => import('../features/locations/LocationRecordRoute'))
const EpisodesList = lazy(() => import('../features/episodes/EpisodesListRoute'))
const EpisodeRecord = lazy(() => import('../features/episodes/EpisodeRecordRoute'))
const Settings = lazy(() => import('./settings/SettingsPage'))

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/locations" replace />} />
        <Route element={<RequireConnection />}>
          <Route path="locations" element={<LocationsList />} />
          <Route path="locations/:ids" element={<LocationRecord />} />
          <Route path="episodes" element={<EpisodesList />} />
          <Route path="episodes/:ids" element={<EpisodeRecord />} />
        </Route>
        <Route path="settings" element={<Settings />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
