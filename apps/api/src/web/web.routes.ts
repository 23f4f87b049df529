import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath, looksLikeFile } from './api-paths.ts';
import { hashedAssetRoutes } from './hashed-assets.ts';

/** index.html and unhashed files must be revalidated so a new build is picked up. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built dashboard when `config.webDist` is set (else registers nothing): the hashed
 * bundles from memory with long-lived caching (hashed-assets.ts), the build's other files with
 * revalidation, and index.html for any other GET outside the API so that the client-side
 * router handles deep links. The build ships brotli and gzip siblings of its text files
 * (`x.js.br`, `x.js.gz`, made by `vite build`): `preCompressed` sends the best one the client
 * accepts, with no compression work per request (the fallback index.html included); a file
 * without siblings is compressed on the fly (plugins/compression.ts).
 */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  const webDist = app.config.webDist;
  if (!webDist) return;
  // The dashboard's files are for anyone (the sign-in page among them): every route here, the
  // static plugin's included, is public (plugins/auth.ts).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
  const root = resolve(webDist);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`webDist ${root} has no index.html; run "npm run build -w @flotilla/web" first`);
  }

  await app.register(fastifyStatic, {
    root,
    // Exact routes per built file: the catch-all below stays ours for the SPA fallback.
    wildcard: false,
    preCompressed: true,
    // The siblings are served in place of their file, never under their own URL; the hashed
    // bundles are hashedAssetRoutes' (added as they appear, not only those there at start).
    globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', REVALIDATE);
    },
  });
  hashedAssetRoutes(app, root);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler(request, reply) {
      const path = request.url.split('?')[0] ?? '/';
      if (isApiPath(path) || looksLikeFile(path)) return reply.callNotFound();
      reply.header('cache-control', REVALIDATE);
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    },
  });
}
