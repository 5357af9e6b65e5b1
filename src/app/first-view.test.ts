// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { FIRST_VIEW_STATE_ID } from '../catalogue'
import { readFirstView } from './first-view'

const STATE = {
  router: { loaderData: { '0-1-0': null }, actionData: null, errors: null },
  queries: { mutations: [], queries: [{ queryKey: ['', 'locations', 'list', {}, 1], state: { data: {} } }] },
  requests: [{ path: '/v1/locations?page=1', base: '', status: 200, durationMs: 3, size: 9, body: {} }],
  locale: 'de-DE',
  frame: false,
}
const FRAME = { ...STATE, queries: { mutations: [], queries: [] }, requests: [], frame: true }

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('first view')
  if (text !== null) {
    const element = doc.createElement('script')
    element.type = 'application/json'
    element.id = FIRST_VIEW_STATE_ID
    element.textContent = text
    doc.body.append(element)
  }
  return doc
}

describe('the first view the service put in the page', () => {
  it('is read when this browser uses the site’s default connection', () => {
    expect(readFirstView(null, pageWith(JSON.stringify(STATE)))).toEqual(STATE)
  })

  it('is left unread when this browser uses a connection chosen in Settings', () => {
    const other = { baseUrl: 'https://other.example', apiKey: 'their-key' }
    expect(readFirstView(other, pageWith(JSON.stringify(STATE)))).toBeNull()
    const ownKey = { baseUrl: '', apiKey: 'a-key-of-its-own' }
    expect(readFirstView(ownKey, pageWith(JSON.stringify(STATE)))).toBeNull()
  })

  it('is read as a frame, which holds no data, whichever service this browser uses', () => {
    const other = { baseUrl: 'https://other.example', apiKey: 'their-key' }
    expect(readFirstView(other, pageWith(JSON.stringify(FRAME)))).toEqual(FRAME)
    expect(readFirstView(null, pageWith(JSON.stringify(FRAME)))).toEqual(FRAME)
  })

  it('is left unread when absent, unreadable, or holding a loader’s failure', () => {
    expect(readFirstView(null, pageWith(null))).toBeNull()
    expect(readFirstView(null, pageWith('{"router":'))).toBeNull()
    expect(readFirstView(null, pageWith(JSON.stringify({ router: STATE.router })))).toBeNull()
    const failed = { ...STATE, router: { ...STATE.router, errors: { '0-1-0': { message: 'x' } } } }
    expect(readFirstView(null, pageWith(JSON.stringify(failed)))).toBeNull()
    expect(readFirstView(null, pageWith(JSON.stringify({ ...STATE, locale: 'not a locale!' })))).toBeNull()
    const noCache = { ...STATE, queries: { queries: 'none' } }
    expect(readFirstView(null, pageWith(JSON.stringify(noCache)))).toBeNull()
  })
})
