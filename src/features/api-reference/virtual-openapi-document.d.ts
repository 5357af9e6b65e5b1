/** The OpenAPI document the contract module builds, made at build time (server/build/openapi-document-module.ts). */
declare module 'virtual:openapi-document' {
  const document: unknown
  export default document
}
