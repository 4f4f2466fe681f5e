import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the Fastify server (npm run dev at the root) answers these; in production it
// serves this build itself, so the console always calls its own origin.
const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web.bench.ts walks it to weigh what each screen needs.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes far less often than the console: its own chunk stays cached across releases.
        // No catch-all vendor group: it would pull every library of every lazy page into the first
        // load; the rest of node_modules goes with the chunks that use it.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': server, '/healthz': server, '/readyz': server },
  },
});
