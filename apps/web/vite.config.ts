import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { preloadApp } from './build/preload-app.ts';

/** Paths the API serves; the dev server forwards them to a locally running API. */
const API_PATHS = ['/v7', '/resin', '/login_', '/user/', '/actor/', '/api-key', '/device/', '/config', '/ping', '/device-types', '/supervisor', '/auth/'];
const API_TARGET = process.env.FLOTILLA_API_URL ?? 'http://127.0.0.1:8080';

/**
 * `/buildtime.txt`: when this build was made (ISO time). The dashboard polls it (accounts spec
 * §7, every 600000 ms) and shows the out-of-date alert when it differs from the first value it
 * saw. The API serves it like every unhashed file, with `cache-control: no-cache`. The dev
 * server answers with its own start time.
 */
function buildTime(): Plugin {
  const startedAt = `${new Date().toISOString()}\n`;
  return {
    name: 'flotilla-build-time',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'buildtime.txt', source: `${new Date().toISOString()}\n` });
    },
    configureServer(server) {
      server.middlewares.use('/buildtime.txt', (_req, res) => {
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(startedAt);
      });
    },
  };
}

/**
 * `.vite/chunk-contents.json`, next to the manifest: per emitted chunk, its modules and their
 * rendered (minified) length. scripts/bundle-budget.ts reads it to say in
 * apps/web/bundle-budget.json what each first-load chunk holds (issue 16 W10).
 */
function chunkContents(): Plugin {
  return {
    name: 'flotilla-chunk-contents',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = `${process.cwd()}/`;
      const contents = Object.fromEntries(
        Object.values(bundle).flatMap((chunk) =>
          chunk.type === 'chunk'
            ? [[chunk.fileName, Object.fromEntries(Object.entries(chunk.modules).map(([id, info]) => [id.replace(root, '').replace(/^\0/, ''), info.renderedLength]))]]
            : [],
        ),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-contents.json', source: JSON.stringify(contents) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    buildTime(),
    chunkContents(),
    preloadApp(),
    // Brotli and gzip siblings of every text file, at the highest levels: done once per build,
    // then served as they are by the API (web.routes.ts, `preCompressed`).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
      // Tiny chunks (a re-export of a few dozen bytes) get their siblings too, a few bytes larger:
      // every script is then served precompressed, none falls back to identity.
      skipIfLargerOrEqual: false,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: scripts/bundle-budget.ts walks it from each route's modules.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and lib/zod-config.ts (jitless) in one chunk, so the config runs before any
          // module anywhere builds a schema: zod probes `new Function` when an object schema is
          // built without it, and the CSP (no 'unsafe-eval') reports that probe as a violation.
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ },
          ],
          // No group for MUI: split by the import graph, each route loads only the components it
          // renders (one MUI chunk put 124 kB gzip on every first load, issue 16 W10). Measured
          // (scripts/bundle-budget.ts): an entries-aware MUI group merging small parts (8–30 kB
          // thresholds) loads 1–16 kB more on /login or /fleets than this default.
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
});
