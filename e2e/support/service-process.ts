/**
 * The real service started by a spec of its own (beside the three playwright.config.ts starts): in demo mode,
 * with no rate limit, on the given address, with more of the environment as the spec needs it.
 */
import { type ChildProcess, spawn } from 'node:child_process'

export type ServiceProcess = {
  url: string
  /** Sends SIGHUP: the service reads its dataset file again. */
  reload(): void
  stop(): Promise<void>
}

export async function startServiceProcess(
  where: { host: string; port: number },
  env: NodeJS.ProcessEnv = {},
): Promise<ServiceProcess> {
  const url = `http://${where.host}:${where.port}`
  const all: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: where.host,
    PORT: String(where.port),
    CATALOGUE_RATE_LIMIT: '0',
    CATALOGUE_RENDER_RATE: '0',
    ...env,
  }
  delete all.CATALOGUE_API_KEYS
  const service: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: all,
    stdio: 'ignore',
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${url}/explorer-config.json`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || service.exitCode !== null)
      throw new Error(`the service at ${url} did not start`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    reload: () => service.kill('SIGHUP'),
    async stop() {
      const exited = new Promise((resolve) => service.once('exit', resolve))
      service.kill('SIGTERM')
      await exited
    },
  }
}
