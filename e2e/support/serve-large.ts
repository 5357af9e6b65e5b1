/**
 * The third service of the end-to-end suite (started by playwright.config.ts): the real service in demo mode
 * on a generated catalogue too large to be indexed without being asked (see large-catalogue.ts).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatDataset } from '../../server/data/generate'
import { largeDataset } from './large-catalogue'

const file = join(mkdtempSync(join(tmpdir(), 'catalogue-large-')), 'catalogue.json')
writeFileSync(file, formatDataset(largeDataset()))
const service = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, CATALOGUE_DATA: file },
  stdio: 'inherit',
})
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => service.kill(signal))
service.on('exit', (code) => process.exit(code ?? 0))
