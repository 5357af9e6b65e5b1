import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { type ServerProcess, startServer } from '../processes'

/** `npm run build`: the explorer the service serves, as `npm start` builds it. */
export function buildExplorer(root: string): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`npm run build failed with status ${result.status}.`)
}

/**
 * The real service (`server/main.ts`, as `npm run serve` starts it) with the shipped dataset and the built
 * explorer, on a free port of 127.0.0.1, in demo mode (the explorer gets the demo key at run time) and with
 * rate limiting off, since Lighthouse and the runs come from one address in quick succession.
 */
export function startExplorerService(
  root: string,
  workDir: string,
  /** Keys to configure (keyed mode: the first views are the pages' frames); none for demo mode. */
  apiKeys: readonly string[] = [],
): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, CATALOGUE_RATE_LIMIT: '0', CATALOGUE_RENDER_RATE: '0' }
  for (const name of ['CATALOGUE_API_KEYS', 'CATALOGUE_DATA', 'CATALOGUE_PUBLIC_URL']) delete env[name]
  if (apiKeys.length > 0) env.CATALOGUE_API_KEYS = apiKeys.join(',')
  const mode = apiKeys.length > 0 ? 'keyed' : 'demo'
  return startServer({
    name: `service (${mode} mode)`,
    script: 'server/main.ts',
    cwd: root,
    env,
    stdoutFile: join(workDir, `service-${mode}.log`),
    readyPath: '/explorer-config.json',
  })
}
