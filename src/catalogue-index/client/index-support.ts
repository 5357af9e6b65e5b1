/** Whether this browser can keep the catalogue index: it is built in a Web Worker and kept in IndexedDB. */
export const indexSupported = () => typeof Worker !== 'undefined' && 'indexedDB' in globalThis
