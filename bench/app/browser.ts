import { setTimeout as delay } from 'node:timers/promises'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import { IN_PAGE_SCRIPT } from './in-page'

/** Debian's Chromium unless CHROMIUM_PATH names another browser (as in the end-to-end tests). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] })
}

/** A new context has an empty HTTP cache and empty storage: a first visit. */
export function newVisitor(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 } })
}

const UNENDED_REQUEST_MS = 3000

/** One request the page sent, as Chromium's network layer saw it (from the HTTP cache or not). */
export interface SentRequest {
  url: string
  /** Wall-clock milliseconds, comparable with the page's `performance.timeOrigin + performance.now()`. */
  at: number
}

export interface MeasuredPage {
  page: Page
  /** Every request sent since the page opened. */
  requests: SentRequest[]
  /** Resolves once no request has been in flight for `ms` milliseconds (at most 20 s). */
  quiet(ms: number): Promise<void>
}

/**
 * A page that runs the measuring script before the app, records every request it sends (CDP
 * `Network.requestWillBeSent`, with the browser's own wall time) and adds `latencyMs` to every request
 * (CDP `Network.emulateNetworkConditions`, no bandwidth limit).
 */
export async function openPage(context: BrowserContext, latencyMs: number): Promise<MeasuredPage> {
  const page = await context.newPage()
  await page.addInitScript(IN_PAGE_SCRIPT)
  const cdp = await context.newCDPSession(page)
  const requests: SentRequest[] = []
  // Started, by request id. Chromium reports no end on the page's session for some requests (a worker's own
  // script, which the worker's target loads; a fetch answered by a preload): after 3 s one counts as done.
  const inFlight = new Map<string, number>()
  let lastActivity = Date.now()
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.push({ url: event.request.url, at: event.wallTime * 1000 })
    inFlight.set(event.requestId, Date.now())
    lastActivity = Date.now()
  })
  const done = (event: { requestId: string }) => {
    inFlight.delete(event.requestId)
    lastActivity = Date.now()
  }
  cdp.on('Network.loadingFinished', done)
  cdp.on('Network.loadingFailed', done)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  const quiet = async (ms: number) => {
    const deadline = Date.now() + 20_000
    const busy = () => [...inFlight.values()].some((since) => Date.now() - since < UNENDED_REQUEST_MS)
    while (Date.now() < deadline && (busy() || Date.now() - lastActivity < ms)) {
      await delay(50)
    }
  }
  return { page, requests, quiet }
}
