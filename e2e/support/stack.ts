import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestContext } from '../../apps/api/src/test/harness.ts';
import type { AppConfig } from '../../apps/api/src/lib/config.ts';
import { startTileServer, type TileServer } from './tile-server.ts';

// E2E_WEB_DIST lets parallel work build the dashboard into its own folder.
export const WEB_DIST = process.env.E2E_WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

export interface Stack extends TestContext {
  url: string;
  /** The local map tile server the stack's MAP_TILE_URL points at. */
  tiles: TileServer;
  /** Calls the public API as a client would. */
  api(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; text: string; json<T>(): T }>;
}

/**
 * API server serving the built dashboard on an ephemeral port, on its own fresh database.
 * `config` overrides server settings (e.g. `{ requireEmailVerification: true }`).
 */
export async function startStack(config: Partial<AppConfig> = {}): Promise<Stack> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build -w @flotilla/web`');
  // Maps never reach the internet from a test: the tiles come from a local stand-in.
  const tiles = await startTileServer();
  const ctx = await createTestApp({ webDist: WEB_DIST, mapTileUrl: tiles.template, ...config });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  return {
    ...ctx,
    url,
    tiles,
    async close() {
      await ctx.close();
      await tiles.close();
    },
    async api(method, path, token, body) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
    },
  };
}
