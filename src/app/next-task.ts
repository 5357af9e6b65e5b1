/**
 * Resolves in a task of its own, so that what follows runs after the browser has had the chance to paint and to
 * handle input: a way to cut one long piece of work into tasks shorter than a long task. `scheduler.yield` where the
 * browser has it (the continuation runs before other queued tasks), a zero timeout otherwise.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } }
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
