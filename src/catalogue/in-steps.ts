/*
 * A build in steps: a generator that yields after each slice of a few milliseconds of work, run to its end at
 * once (at start, before the service listens) or a slice a turn, other work running between slices (a reload,
 * contract §11: it never holds the event loop).
 */

/** Runs a build in steps to its end at once. */
export function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Runs a build in steps, letting other work run between steps (`pause`: the next turn of the event loop). */
export async function finishInTurns<T>(
  steps: Generator<void, T>,
  pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
): Promise<T> {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await pause()
  }
}
