import { useMemo } from 'react'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { LoadingBar } from '../../components/states/LoadingBar'
import { QueryErrorState } from '../../components/states/QueryErrorState'
import type { ContainsNote } from '../../lib/contains-note'
import { episodeQueries } from '../episodes/queries'
import { locationQueries } from '../locations/queries'
import {
  type Bar,
  charactersByEpisodeCount,
  episodesPerSeason,
  episodesPerYear,
  locationsByDimension,
  locationsByType,
  residentsPerLocation,
} from './aggregate'
import { BarChart } from './BarChart'
import { useAllRecords } from './use-all-records'
import './insights.css'

const EPISODES = { singular: 'episode', plural: 'episodes' }
const LOCATIONS = { singular: 'location', plural: 'locations' }
const CHARACTERS = { singular: 'character', plural: 'characters' }

/** A filtered list matches values that contain the text: the bar counted exact values only. */
const exactly =
  (field: 'type' | 'dimension') =>
  (bar: Bar): { containsNote: ContainsNote } => ({
    containsNote: { field, value: bar.label, count: bar.value },
  })

export default function InsightsPage() {
  usePageTitle('Insights')
  const episodes = useAllRecords(episodeQueries)
  const locations = useAllRecords(locationQueries)
  const charts = useMemo(() => {
    if (!episodes.data || !locations.data) return null
    return {
      seasons: episodesPerSeason(episodes.data),
      years: episodesPerYear(episodes.data),
      types: locationsByType(locations.data),
      dimensions: locationsByDimension(locations.data),
      residents: residentsPerLocation(locations.data),
      characters: charactersByEpisodeCount(episodes.data),
    }
  }, [episodes.data, locations.data])
  const failed = episodes.error ?? locations.error

  return (
    <div className="insights-page">
      <PageHeading>Insights</PageHeading>
      <p className="page-lede">Counts over every episode and location in the catalogue.</p>
      {failed ? (
        <QueryErrorState
          error={failed}
          onRetry={() => {
            void episodes.refetch()
            void locations.refetch()
          }}
          retrying={episodes.isFetching || locations.isFetching}
        />
      ) : !charts ? (
        <LoadingBar label="Reading the catalogue" />
      ) : (
        <div className="insights-grid">
          <BarChart
            title="Episodes per season"
            description="How many episodes each season has. A season opens its episodes."
            category="Season"
            unit={EPISODES}
            bars={charts.seasons}
          />
          <BarChart
            title="Episodes over time"
            description="How many episodes aired in each year, by air date."
            category="Year"
            unit={EPISODES}
            bars={charts.years}
          />
          <BarChart
            title="Locations by type"
            description="The 15 commonest types, the rest as Other. A type opens the locations whose type contains it."
            category="Type"
            unit={LOCATIONS}
            bars={charts.types}
            linkState={exactly('type')}
          />
          <BarChart
            title="Locations by dimension"
            description="The 15 commonest dimensions, the rest as Other. A dimension opens the locations whose dimension contains it."
            category="Dimension"
            unit={LOCATIONS}
            bars={charts.dimensions}
            linkState={exactly('dimension')}
          />
          <BarChart
            title="Residents per location"
            description="How many locations have each number of residents."
            category="Residents"
            unit={LOCATIONS}
            bars={charts.residents}
          />
          <BarChart
            title="Characters by number of episodes"
            description="How many characters appear in each number of episodes."
            category="Episodes"
            unit={CHARACTERS}
            bars={charts.characters}
          />
        </div>
      )}
    </div>
  )
}
