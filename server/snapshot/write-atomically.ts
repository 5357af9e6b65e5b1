import { open, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** A file that could not be written; the message names the file and the reason, in plain words. */
export class WriteError extends Error {
  override name = 'WriteError'
}

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'its folder does not exist',
  EISDIR: 'it is a folder',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error',
}

/** Where the temporary file is opened; tests swap in a device such as `/dev/full`. */
export type TempFileOpener = (path: string) => ReturnType<typeof open>

const openNew: TempFileOpener = (path) => open(path, 'wx', 0o644)

/**
 * Writes `text` to a temporary file beside `target`, flushes it to disk and renames it over `target`, so that
 * `target` is either the old file or the whole new one, never half of it. A target that exists and is not a
 * regular file (a device, a folder) is refused rather than replaced.
 */
export async function writeFileAtomically(
  target: string,
  text: string,
  openTemp: TempFileOpener = openNew,
): Promise<void> {
  const fail = (error: unknown): never => {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    throw new WriteError(`Could not write ${target}: ${REASONS[code] ?? (code || 'unknown error')}.`)
  }
  const existing = await stat(target).catch(() => null)
  if (existing && !existing.isFile()) {
    throw new WriteError(`Could not write ${target}: it is not a regular file.`)
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`)
  const handle = await openTemp(temp).catch(fail)
  let renamed = false
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
    await handle.close()
    await rename(temp, target)
    renamed = true
  } catch (error) {
    await handle.close().catch(() => undefined)
    fail(error)
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined)
  }
}
