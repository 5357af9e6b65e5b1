export * from './csv'
export * from './file-name'
export * from './json'
