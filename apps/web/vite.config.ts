import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Paths the API serves; the dev server forwards them to a locally running API. */
const API_PATHS = ['/v7', '/resin', '/login_', '/user/', '/actor/', '/api-key', '/device/', '/config', '/ping', '/device-types', '/supervisor', '/auth/'];
const API_TARGET = process.env.FLOTILLA_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip siblings of every text file, at the highest levels: done once per build,
    // then served as they are by the API (web.routes.ts, `preCompressed`).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
});
