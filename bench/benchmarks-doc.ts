import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'

/**
 * docs/benchmarks.md leads each section with the latest run's table, written by the command that measured it
 * between `<!-- bench:<section>:start -->` and `<!-- bench:<section>:end -->`. A new run replaces it, and the
 * table it replaces moves to the top of the section's history (after `<!-- bench:<section>:history -->`) under
 * a `#### <date> <time> UTC, \`<commit>\`` heading read from its first line, so no measured figure is lost.
 */
export const BENCHMARKS_DOC = resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md')
export const ROOT = resolve(import.meta.dirname, '..')

/** When, on what code and how busy the machine was: the first line of every table the benches write. */
export interface RunStamp {
  command: string
  date: Date
  commit: string
  loadBefore: number
  loadAfter: number
}

const markers = (section: string) => ({
  start: `<!-- bench:${section}:start (written by the command below; do not edit by hand) -->`,
  end: `<!-- bench:${section}:end -->`,
  history: `<!-- bench:${section}:history -->`,
})

/** The commit checked out, marked when tracked files hold changes not committed (what ran is then not it). */
export function currentCommit(root = ROOT): string {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', ':!docs'], {
    cwd: root,
    encoding: 'utf8',
  }).trim()
  return changed === '' ? commit : `${commit} with uncommitted changes`
}

/** The 1-minute load average now. */
export const loadNow = (): number => loadavg()[0] ?? Number.NaN

export const machine = (): string => `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`

/** A stamp for a run that started at `date` with `loadBefore`, ending now, on the checked-out commit. */
export function stampNow(
  command: string,
  date: Date,
  loadBefore: number,
  commit = currentCommit(),
): RunStamp {
  return { command, date, commit, loadBefore, loadAfter: loadNow() }
}

export function stampLine(stamp: RunStamp): string {
  const when = `${stamp.date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  return (
    `Measured ${when} at \`${stamp.commit}\` by \`${stamp.command}\` on ${machine()}, Node ${process.version}; ` +
    `load average ${stamp.loadBefore.toFixed(2)} before, ${stamp.loadAfter.toFixed(2)} after.`
  )
}

/** Prints a run's table under its stamp and a line saying what was measured, and writes it as its section's latest. */
export function publishRun(section: string, stamp: RunStamp, measured: string, table: string): void {
  const written = [stampLine(stamp), '', measured, '', table].join('\n')
  console.log(`\n${written}\n`)
  writeLatest(section, written)
}

/** The lead table of a section: each target, the figure this run measured, PASS or FAIL (null: reported). */
export function targetTable(
  rows: readonly { target: string; measured: string; pass: boolean | null }[],
): string {
  const verdict = (pass: boolean | null) => (pass === null ? 'reported' : pass ? '**PASS**' : '**FAIL**')
  return [
    '| target | measured | verdict |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.target} | ${row.measured} | ${verdict(row.pass)} |`),
  ].join('\n')
}

/** The history heading of a table, from its "Measured <date> <time> UTC at `<commit>`" line. */
export function historyHeading(table: string): string {
  const stamp = /Measured (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC at (?:commit )?`([^`]+)`/.exec(table)
  return stamp ? `#### ${stamp[1]} ${stamp[2]} UTC, \`${stamp[3]}\`` : '#### An earlier run'
}

function find(doc: string, marker: string): number {
  const at = doc.indexOf(marker)
  if (at === -1) throw new Error(`docs/benchmarks.md has no ${marker}`)
  return at
}

/**
 * `doc` with the latest table of `section` replaced by `table`, and the replaced one moved to the top of the
 * section's history.
 */
export function replaceLatest(doc: string, section: string, table: string): string {
  const { start, end, history } = markers(section)
  const from = find(doc, start) + start.length
  const to = find(doc, end)
  if (to < from) throw new Error(`docs/benchmarks.md has ${end} before ${start}`)
  const previous = doc.slice(from, to).trim()
  const replaced = `${doc.slice(0, from)}\n${table.trim()}\n${doc.slice(to)}`
  if (previous === '') return replaced
  const after = find(replaced, history) + history.length
  const older = replaced.slice(after).replace(/^\n+/, '\n')
  return `${replaced.slice(0, after)}\n\n${historyHeading(previous)}\n\n${previous}\n${older}`
}

/** Writes `table` as the latest of `section` in docs/benchmarks.md (see replaceLatest). */
export function writeLatest(section: string, table: string, file = BENCHMARKS_DOC): void {
  writeFileSync(file, replaceLatest(readFileSync(file, 'utf8'), section, table))
  console.error(`Written to docs/benchmarks.md (section ${section}); a table it replaced heads its history.`)
}
