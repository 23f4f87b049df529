import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Paths the API serves; the dev server forwards them to a locally running API. */
const API_PATHS = ['/v7', '/resin', '/login_', '/user/', '/actor/', '/api-key', '/device/', '/config', '/ping', '/device-types', '/supervisor', '/auth/'];
const API_TARGET = process.env.FLOTILLA_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
});
