// @vitest-environment jsdom

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_KEY } from '../../server/config'
import { artifacts } from '../catalogue/artifacts.fixture'
import { ListPage } from '../components/list/ListPage'
import type { ListConfigOf } from '../components/list/list-config'
import { RecordRoute } from '../components/record/RecordRoute'
import { collectionQueries } from '../lib/page/collection-queries'
import { renderApp } from './render-app.fixture'

// A collection defined in test code only: the real service serves it, the real pages show it. The service
// runs in its own process: jsdom's globals (this file's environment) are not Node's, which Fastify needs.
const SERVE = join(import.meta.dirname, '..', '..', 'server', 'test', 'serve-artifacts.ts')
const service = spawn(process.execPath, ['--import', 'tsx', SERVE], { stdio: ['ignore', 'pipe', 'inherit'] })
let origin = ''
beforeAll(async () => {
  const exited = once(service, 'exit').then(([code]) => {
    throw new Error(`The service stopped before it listened (exit code ${code}).`)
  })
  const [line] = await Promise.race([once(createInterface({ input: service.stdout }), 'line'), exited])
  origin = String(line)
}, 30_000)
afterAll(() => {
  service.kill('SIGTERM')
})

const queries = collectionQueries(artifacts)
const config: ListConfigOf<typeof artifacts> = {
  collection: artifacts,
  queries,
}

function renderAt(url: string) {
  const connection = { baseUrl: origin, apiKey: DEMO_KEY }
  // The test's service is the connection saved in this browser.
  return renderApp(
    [
      { path: '/artifacts', element: <ListPage config={config} /> },
      { path: '/artifacts/:ids', element: <RecordRoute config={{ collection: artifacts, queries }} /> },
    ],
    url,
    { connection, config: { demoKey: null }, saved: connection },
  )
}

afterEach(cleanup)

/** The service answers in its own process; on a busy machine an answer can take a few seconds. */
const WAIT = { timeout: 10_000 }

describe('the list page of a third collection', { timeout: 30_000 }, () => {
  it('lists, filters and opens its records from its definition alone', async () => {
    const router = renderAt('/artifacts')
    expect(screen.getByRole('heading', { level: 1, name: 'Artifacts' })).toBeTruthy()
    expect(await screen.findByText('45 artifacts in the catalogue', {}, WAIT)).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Artifacts' })
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20)
    expect(within(table).getByRole('link', { name: 'Artifact 1' })).toBeTruthy()

    await userEvent.type(screen.getByLabelText('Kind'), 'relic')
    expect(await screen.findByText('1–15 of 15 artifacts', {}, WAIT)).toBeTruthy()
    // The heading keeps the catalogue's own count, whatever the filters.
    expect(screen.getByText('45 artifacts in the catalogue')).toBeTruthy()
    expect(router.state.location.search).toBe('?kind=relic')
    expect(within(table).getAllByRole('cell', { name: 'Relic' })).toHaveLength(15)
    expect(within(table).queryAllByRole('cell', { name: 'Tool' })).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText('Kind'))
    await userEvent.type(screen.getByLabelText('Name'), 'portal')
    await userEvent.click(await screen.findByRole('link', { name: 'Portal Gun' }, WAIT))
    expect(router.state.location.pathname).toBe('/artifacts/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal Gun' }, WAIT)).toBeTruthy()
    expect(screen.getByText('2 owners')).toBeTruthy()
    const owners = screen.getByRole('list', { name: 'Owner character numbers' })
    expect(
      within(owners)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#1', '#2'])
  }, 60_000)

  it('says what the definition says when a record is missing', async () => {
    renderAt('/artifacts/99')
    expect(await screen.findByRole('heading', { level: 1, name: 'Artifact not found' }, WAIT)).toBeTruthy()
  }, 30_000)
})
