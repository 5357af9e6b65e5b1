import { execFileSync } from 'node:child_process'

/** The checked-out commit of `root`, and whether the app's files differ from it. */
export function appCommit(root: string): string {
  try {
    return commitOf(root)
  } catch {
    return 'not a git checkout'
  }
}

function commitOf(root: string): string {
  const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim()
  const dirty = execFileSync(
    'git',
    ['status', '--porcelain', '--', 'src', 'server', 'index.html', 'public', 'vite.config.ts'],
    { cwd: root, encoding: 'utf8' },
  )
  return dirty.trim() === '' ? hash : `${hash}, with uncommitted changes to the app`
}
