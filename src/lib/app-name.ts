/** The explorer's name: the header's, and the end of every page's title. */
export const APP_NAME = 'Catalogue Explorer'
