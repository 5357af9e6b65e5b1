import { useConnection } from '../../api/connection-in-use'
import { useServiceSearch } from '../../api/use-service-search'
import { SearchPalette } from '../../features/search/SearchPalette'

/** The palette with the connection in use (none yet: it says where to set one). */
export default function PaletteHost({ onClose }: { onClose(restoreFocus: boolean): void }) {
  const { connection, client, config } = useConnection()
  const searchesCatalogue = useServiceSearch(client, config)
  return (
    <SearchPalette
      connection={connection}
      client={client}
      searchesCatalogue={searchesCatalogue}
      onClose={onClose}
    />
  )
}
