import { type ComponentType, createContext } from 'react'

/**
 * The header's search control, given by the app (it opens the search palette, which needs the connection);
 * the layout only places it. None in tests that render a layout on its own.
 */
export const HeaderSearchContext = createContext<ComponentType | null>(null)
