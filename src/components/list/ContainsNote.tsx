import { useLocation } from 'react-router-dom'
import { containsNoteOf } from '../../lib/contains-note'

/**
 * Under a list opened from an insights bar: the bar counted one exact value, the filter matches every value
 * containing it, so the list may hold more (longer values). Shown while the filter still holds that value.
 */
export function ContainsNote({
  filters,
  labels,
  plural,
}: {
  filters: Partial<Record<string, string>>
  labels: Partial<Record<string, string>>
  plural: string
}) {
  const { state } = useLocation()
  const note = containsNoteOf(state)
  if (!note || filters[note.field] !== note.value) return null
  const label = (labels[note.field] ?? note.field).toLowerCase()
  return (
    <p className="contains-note">
      Insights counted {note.count} {plural} whose {label} is exactly “{note.value}”. This list shows every
      one whose {label} contains “{note.value}”, so it may include longer values.
    </p>
  )
}
