import { useConnection } from '../../api/connection-in-use'
import { SearchPalette } from '../../features/search/SearchPalette'

/** The palette with the connection in use (none yet: it says where to set one). */
export default function PaletteHost({ onClose }: { onClose(restoreFocus: boolean): void }) {
  const { connection, client } = useConnection()
  return <SearchPalette connection={connection} client={client} onClose={onClose} />
}
