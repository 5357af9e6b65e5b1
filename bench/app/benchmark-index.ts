import type { Browser } from '@playwright/test'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { spread } from './stats'

/**
 * Lighthouse's measure of the machine (`benchmarkIndex`: its own page function, run in the same Chromium on a
 * blank page, as Lighthouse runs it before a page load), `times` times in a row. Chrome DevTools' CPU
 * calibration takes a mid-tier phone to score about 1,000, so the machine's median over 1,000 is how much
 * slower than this machine such a phone is.
 */
export async function measureBenchmarkIndex(browser: Browser, times = 5): Promise<number[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const values: number[] = []
    // A string, so that the function runs as Lighthouse's own source and not as a compiled copy of it.
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`
    for (let run = 0; run < times; run++) values.push(Number(await page.evaluate(source)))
    return values
  } finally {
    await context.close()
  }
}

/** The fastest and slowest slowdown applied: never faster than the machine, never beyond Lighthouse's 4×. */
export const SLOWDOWN_BOUNDS = { min: 1, max: 4 } as const

/**
 * The CPU slowdown that makes this machine a mid-tier phone (median benchmarkIndex / 1000, between 1 and 4),
 * to two decimals; one value for a whole run, so that its routes compare.
 */
export function calibratedSlowdown(benchmarkIndexes: readonly number[]): number {
  const { median } = spread(benchmarkIndexes)
  if (Number.isNaN(median)) throw new Error('No benchmarkIndex was measured.')
  const bounded = Math.min(SLOWDOWN_BOUNDS.max, Math.max(SLOWDOWN_BOUNDS.min, median / 1000))
  return Math.round(bounded * 100) / 100
}
