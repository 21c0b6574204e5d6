// Vite builds the browser client into dist/, which the Fastify server serves (with the SPA
// fallback for deep links). In development the API and the rendered help live on that server, so
// the dev server forwards them instead of answering with index.html.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.LAB_BACKEND_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/help': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served build: they would hand out the client's full sources; the
    // test tests/server/client-build.test.ts checks dist/ and the server for .map files.
    sourcemap: false,
  },
});
