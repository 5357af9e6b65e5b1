import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { STORAGE_KEY } from '../../src/app/connection/storage'
import { CHROMIUM_PATH } from './browser'

/**
 * A Chromium profile whose storage holds a key for `origin`, kept as the explorer keeps one, and nothing else
 * of the site (written from a plain file of it: no page of the app ran, its HTTP cache holds none of the
 * app's files, no service worker). Each measured run gets a copy (`copy`), so that no run starts from
 * another's cache.
 */
export async function keptKeyProfile(origin: string, apiKey: string, workDir: string) {
  const template = mkdtempSync(join(workDir, 'kept-key-'))
  const context = await chromium.launchPersistentContext(template, {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox'],
  })
  const page = await context.newPage()
  await page.goto(`${origin}/robots.txt`)
  await page.evaluate(([name, value]) => localStorage.setItem(name, value), [
    STORAGE_KEY,
    JSON.stringify({ baseUrl: '', apiKey }),
  ] as const)
  await context.close()
  return {
    copy(): { userDataDir: string; remove(): void } {
      const userDataDir = mkdtempSync(join(workDir, 'kept-key-run-'))
      cpSync(template, userDataDir, { recursive: true })
      return { userDataDir, remove: () => rmSync(userDataDir, { recursive: true, force: true }) }
    },
  }
}
