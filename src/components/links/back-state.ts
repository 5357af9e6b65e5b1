import { isAppPath } from '../../lib/app-path'

/**
 * What a link hands the page it opens: where "Back" leads (the list with its filters and page, or the
 * comparison a record was opened from) and what that place is called.
 */
export type BackState = { backTo: string; backLabel: string }

export function readBackState(state: unknown): BackState | null {
  const back = state as Partial<BackState> | null
  return isAppPath(back?.backTo) && typeof back.backLabel === 'string'
    ? { backTo: back.backTo, backLabel: back.backLabel }
    : null
}

/**
 * The second click of a double-click on a link would push the same page onto the history again (the first
 * navigation has not rendered yet), so Back would seem to do nothing: it is ignored.
 */
export function ignoreRepeatedClick(event: { detail: number; preventDefault(): void }): void {
  if (event.detail > 1) event.preventDefault()
}
