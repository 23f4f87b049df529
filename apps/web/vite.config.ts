import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
 * `<link rel="preload" as="script">` in index.html for the app's own chunk (src/main.tsx, which
 * the boot script imports once it has sent the first page's requests), the signed-in shell's
 * chunk (header, sidebar, and the queries it shares with the pages: fleets, devices,
 * organizations) and everything they import. Both are asked for only once code has run (the
 * boot script, then the router); preloaded, they are downloaded meanwhile. `preload`, not
 * `modulepreload`: Chromium compiles a modulepreloaded module on the main thread as soon as it
 * arrives, ~200 ms for all of them on a slow machine, and that ran before the boot script
 * could send anything; plain preload only fetches, the compile comes with the import. The
 * sign-in page fetches them too (~100 kB compressed), for the page that follows. Vite itself
 * modulepreloads the entry's (src/boot.ts) own imports.
 */
function preloadAppAndShell(): Plugin {
  const TARGETS = [/[\\/]src[\\/]main\.tsx$/, /[\\/]src[\\/]features[\\/]shell[\\/]components[\\/]AppLayout\.tsx$/];
  return {
    name: 'flotilla-preload-app-and-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const targets = TARGETS.map((test) => {
          const chunk = chunks.find((c) => c.facadeModuleId !== null && test.test(c.facadeModuleId));
          if (!chunk) throw new Error(`preloadAppAndShell: no chunk for ${test.source}`);
          return chunk;
        });
        // What the entry loads anyway (Vite preloads those) is left out.
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const loaded = new Set<string>();
        const visit = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const dep of byName.get(name)?.imports ?? []) visit(dep, into);
        };
        for (const entry of chunks.filter((c) => c.isEntry)) visit(entry.fileName, loaded);
        // In order: the app's graph first, then the shell's.
        const graph = new Set<string>();
        for (const target of targets) visit(target.fileName, graph);
        return [...graph]
          .filter((name) => !loaded.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'preload', as: 'script', crossorigin: true, href: `/${name}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    buildTime(),
    preloadAppAndShell(),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and lib/zod-config.ts (jitless) in one chunk, so the config runs before any
          // module anywhere builds a schema: zod probes `new Function` when an object schema is
          // built without it, and the CSP (no 'unsafe-eval') reports that probe as a violation.
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ },
            // MUI and its styling engine as one chunk instead of ~90 tiny ones: on a first visit
            // over HTTP/1.1 (six connections) the many small requests cost more than the bytes.
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
});
