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
    rolldownOptions: {
      output: {
        // Libraries change far less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': server, '/healthz': server, '/readyz': server },
  },
});
