import { useEffect } from 'react'
import { useConnection } from '../../api/connection-in-use'
import { requestLog } from '../../api/request-log'
import { episodes, locations, serviceBase } from '../../catalogue'
import { describeIndexState } from '../../catalogue-index/components/describe'
import IndexStatusPanel from '../../catalogue-index/components/IndexStatusPanel'
import { useIndexSupport } from '../../catalogue-index/hooks/index-support'
import { type InsightsState, useInsights } from '../../catalogue-index/hooks/use-insights'
import type { Insights } from '../../catalogue-index/protocol/insights'
import type { IndexStatus, InsightsAnswer } from '../../catalogue-index/protocol/worker-api'
import { ApiDisclosure } from '../../components/api/ApiDisclosure'
import { PageHeading } from '../../components/layout/PageHeading'
import { usePageTitle } from '../../components/layout/use-page-title'
import { LoadingBar } from '../../components/states/LoadingBar'
import { QueryErrorState } from '../../components/states/QueryErrorState'
import { Chart } from './Chart'
import './insights.css'

const EPISODES = { singular: 'episode', plural: 'episodes' }
const LOCATIONS = { singular: 'location', plural: 'locations' }
const CHARACTERS = { singular: 'character', plural: 'characters' }

/** The lists the index read to count the charts: the page's "API" disclosure shows them. */
const SOURCES = [episodes, locations] as const

export default function InsightsPage() {
  usePageTitle('Insights')
  const { connection } = useConnection()
  const insights = useInsights()
  // Not known in the service's render and while the browser hydrates it (null): the HTML matches.
  const support = useIndexSupport()
  return (
    <div className="insights-page">
      <PageHeading>Insights</PageHeading>
      <p className="page-lede">
        {insights.by === 'service'
          ? 'Counts over every episode and location in the catalogue, counted by its service.'
          : 'Counts over every episode and location in the catalogue, made in this browser from the catalogue index.'}
      </p>
      {connection && support === true && (
        <div className="insights-index">
          <IndexStatusPanel connection={connection} />
        </div>
      )}
      {insights.by === 'index' && (!connection || support === false) ? (
        <p className="notice">
          Insights are counted from the catalogue index, which needs a browser with Web Workers and IndexedDB.
        </p>
      ) : (
        <Counted insights={insights} baseUrl={connection?.baseUrl ?? ''} />
      )}
    </div>
  )
}

/**
 * The charts, whoever counted them, in one place of the page (the index's answer replacing the service's keeps
 * the charts and the focus in them); until then, what they wait for.
 */
function Counted({ insights, baseUrl }: { insights: InsightsState; baseUrl: string }) {
  const { index } = insights
  useLogIndexAnswer(insights.by === 'index' ? index.data : undefined, baseUrl)
  const answer =
    insights.by === 'service'
      ? insights
      : {
          data: index.data,
          error: index.error,
          fetching: index.fetching,
          retry: index.retry,
          paths: SOURCES.map((collection) => collection.listPath),
        }
  if (insights.by === 'index' && !index.status) return <LoadingBar label="Reading the catalogue index" />
  if (insights.by === 'index' && index.status && !index.complete)
    return <IndexPending status={index.status} />
  if (answer.error)
    return <QueryErrorState error={answer.error} onRetry={answer.retry} retrying={answer.fetching} />
  if (!answer.data) return <LoadingBar label="Counting the catalogue" />
  return (
    <>
      <Charts charts={answer.data.insights} />
      {/* Once counted: before, no request stands behind the page. */}
      <ApiDisclosure paths={answer.paths} />
    </>
  )
}

/** What the charts will show while the index they wait for is not complete, and how to get it. */
function IndexPending({ status }: { status: IndexStatus }) {
  return (
    <div className="notice notice-info insights-pending">
      <p>
        Six charts: episodes per season and per year, locations by type and by dimension, residents per
        location, and characters by the number of episodes they appear in. They count every record, so they
        are made from the catalogue index, which reads every page of the lists once and keeps them in this
        browser.
      </p>
      <p>
        {status.building
          ? 'The index is being built: the charts appear when it is complete.'
          : `${describeIndexState(status).action} (above) to see them.`}
      </p>
    </div>
  )
}

/** The lists behind the charts go into the request log as answered by the index, once per count. */
function useLogIndexAnswer(answer: InsightsAnswer | undefined, baseUrl: string) {
  useEffect(() => {
    if (!answer) return
    for (const collection of SOURCES) {
      requestLog.record({
        method: 'GET',
        path: collection.listPath,
        base: serviceBase(baseUrl),
        status: 200,
        durationMs: answer.elapsedMs,
        size: null,
        source: 'index',
        body: undefined,
      })
    }
  }, [answer, baseUrl])
}

function Charts({ charts }: { charts: Insights }) {
  return (
    <div className="insights-grid">
      <Chart
        title="Episodes per season"
        description="How many episodes each season has; more than 20 seasons in spans of seasons. A bar opens exactly its episodes."
        category="Season"
        unit={EPISODES}
        bars={charts.seasons}
      />
      <Chart
        title="Episodes over time"
        description="How many episodes aired in each year, by air date; more than 20 years in spans of years. A bar opens the episodes aired then."
        category="Year"
        unit={EPISODES}
        bars={charts.years}
      />
      <Chart
        title="Locations by type"
        description="The 15 commonest types, the rest as Other. A type opens the locations of exactly that type."
        category="Type"
        unit={LOCATIONS}
        bars={charts.types}
      />
      <Chart
        title="Locations by dimension"
        description="The 15 commonest dimensions, the rest as Other. A dimension opens the locations of exactly that dimension."
        category="Dimension"
        unit={LOCATIONS}
        bars={charts.dimensions}
      />
      <Chart
        title="Residents per location"
        description="How many locations have each number of residents."
        category="Residents"
        unit={LOCATIONS}
        bars={charts.residents}
      />
      <Chart
        title="Characters by number of episodes"
        description="How many characters appear in each number of episodes, every character the catalogue names: 0 for those only a location names, so the bars add up to the characters list."
        category="Episodes"
        unit={CHARACTERS}
        bars={charts.characters}
      />
    </div>
  )
}
