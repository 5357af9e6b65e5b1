/** An indeterminate progress indicator with an accessible name ("Loading results"). */
export function LoadingBar({ label }: { label: string }) {
  return (
    <div className="loading-bar" role="progressbar" aria-label={label}>
      <span />
    </div>
  )
}
