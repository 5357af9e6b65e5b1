import { join } from 'node:path'
import { createLogger, loadConfigFromFile } from 'vite'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

describe('a clean `npm start`', () => {
  it('loads the Vite config of both builds without a warning', { timeout: 60_000 }, async () => {
    const warnings: string[] = []
    const timingChecks: unknown[] = []
    const logger = createLogger('warn')
    logger.warn = (message) => warnings.push(message)
    logger.warnOnce = logger.warn
    for (const isSsrBuild of [false, true]) {
      const loaded = await loadConfigFromFile(
        { command: 'build', mode: 'production', isSsrBuild },
        join(ROOT, 'vite.config.ts'),
        ROOT,
        'warn',
        logger,
      )
      // The precompression and the offline shell's manifest are known to take seconds: no timing warnings.
      timingChecks.push(loaded?.config.build?.rolldownOptions?.checks?.bundlerTimings)
    }
    expect(warnings).toEqual([])
    expect(timingChecks).toEqual([false, false])
  })
})
