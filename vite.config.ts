import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './server/build/precompress'

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // Source maps stay on the build machine ('hidden': no reference in the files); they are never served.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: lets the bundle-budget test find the entry chunk and what it imports.
    manifest: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
  },
})
