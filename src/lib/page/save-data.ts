/** What the browser says of the reader's data: `saveData` when they asked to spend as little as possible. */
type WithConnection = Navigator & { connection?: { saveData?: boolean } }

/** Whether the reader asked the browser to save data (Network Information API; false where it is not known). */
export function savesData(): boolean {
  return (navigator as WithConnection).connection?.saveData === true
}
