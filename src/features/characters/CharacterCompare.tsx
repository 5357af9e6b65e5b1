export function CharacterCompare({ ids }: { ids: number[] }) {
  return <p>{ids.join(',')}</p>
}
