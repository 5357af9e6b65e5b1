/** An empty field: "Not given" in full, or in a table cell a dash that still reads "not given". */
export function NotGiven({ dash = false }: { dash?: boolean }) {
  if (!dash) return <span className="muted">Not given</span>
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">not given</span>
    </>
  )
}
