import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import { mime } from '@fastify/send';
import type { FastifyInstance } from 'fastify';

/** Vite puts content-hashed bundles under /assets/: safe to cache forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file name Vite writes under assets/ (no directory, no `..`); the siblings are never asked for by name. */
const ASSET_NAME = /^[\w-]+(?:\.[\w-]+)*$/;
const SIBLING = /\.(?:br|gz)$/;

type Encoding = 'br' | 'gzip' | 'identity';
const PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];

interface Asset {
  type: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  encodings: Encoding[];
}

async function readIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function loadAsset(dir: string, name: string): Promise<Asset | null> {
  const path = join(dir, name);
  const identity = await readIfPresent(path);
  if (identity === undefined) return null;
  const [br, gzip] = await Promise.all([readIfPresent(`${path}.br`), readIfPresent(`${path}.gz`)]);
  const bodies: Asset['bodies'] = { identity, ...(br && { br }), ...(gzip && { gzip }) };
  return {
    type: mime.getType(extname(name)) ?? 'application/octet-stream',
    bodies,
    encodings: PREFERENCE.filter((e) => bodies[e] !== undefined),
  };
}

/**
 * `GET /assets/<name>`: the build's content-hashed bundles, each kept in memory (with its brotli
 * and gzip siblings) from its first request on. A name's content never changes, so nothing is
 * ever stale, and a build added while the server runs is served from its first request too. A
 * cold dashboard load asks for ~90 of them; from disk (@fastify/static: stat, open, stream) each
 * cost ~1.8 ms of the API's event loop, from memory ~0.5 (issue 9, docs/performance.md). Only
 * names that exist are kept, so the memory is bounded by the build's size (a few MB). A file
 * without siblings goes out plain and @fastify/compress compresses it for the client.
 */
export function hashedAssetRoutes(app: FastifyInstance, root: string): void {
  const dir = join(root, 'assets');
  const cache = new Map<string, Promise<Asset | null>>();

  const assetNamed = (name: string): Promise<Asset | null> => {
    const cached = cache.get(name);
    if (cached) return cached;
    const loading = loadAsset(dir, name);
    cache.set(name, loading);
    // A missing name is asked for again next time (a newer build may add it), and not kept.
    void loading.then(
      (asset) => asset ?? cache.delete(name),
      () => cache.delete(name),
    );
    return loading;
  };

  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const name = request.params['*'];
    const asset = ASSET_NAME.test(name) && !SIBLING.test(name) ? await assetNamed(name) : null;
    if (!asset) return reply.callNotFound();
    // One of the asset's own encodings (identity is always there).
    const encoding = (negotiate(request.headers['accept-encoding'] ?? '', asset.encodings) as Encoding | undefined) ?? 'identity';
    const body = asset.bodies[encoding]!;
    reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding').type(asset.type);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.header('content-length', body.length).send(body);
  });
}
