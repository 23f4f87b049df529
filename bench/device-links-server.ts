import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { LINK_MAX_FRAME_BYTES } from '@flotilla/core/device-link';
import { countLinked, seedLinkDevices, type LinkDevice } from './device-links-seed.ts';

/**
 * Child process of the device-link benchmarks (device-links-child.ts starts it with
 * `--expose-gc`), so that its memory is the server's alone:
 *
 * - `app`: the real API server (`startServer`, as `npm start` runs it) from the environment the
 *   bench passes (DATABASE_URL or DATA_DIR, REDIS_URL, PORT 0);
 * - `bare`: the ceiling, a plain `http` server with a `ws` WebSocketServer that accepts every
 *   upgrade and keeps the socket, nothing else (same `maxPayload` as the link).
 *
 * It answers the parent over IPC: `seed` (devices into its database), `count` (links held:
 * devices marked linked for the app, open sockets for the bare server) and `memory`
 * (`process.memoryUsage()` after full garbage collections).
 */
export type ServerMode = 'app' | 'bare';
export type ChildRequest = { id: number } & ({ op: 'seed'; devices: LinkDevice[] } | { op: 'count' } | { op: 'memory' });
export type ChildReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
export type ChildReady = { ready: true; port: number; pid: number };

const gc = (globalThis as { gc?: () => void }).gc;

async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  if (!gc) throw new Error('run with --expose-gc');
  // Several rounds with turns of the event loop between: weak callbacks and finalizers of
  // closed sockets run between collections.
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage();
}

async function startApp(): Promise<{ port: number; handle: (r: ChildRequest) => Promise<unknown> }> {
  // Imported here, not at the top: the bare ceiling should not load the whole API.
  const { startServer } = await import('../apps/api/src/server.ts');
  const server = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-device-links-0123456789abcdef0123456789',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const db = server.database.db;
  return {
    port: (server.app.server.address() as AddressInfo).port,
    async handle(r) {
      if (r.op === 'seed') return seedLinkDevices(db, r.devices);
      if (r.op === 'count') return countLinked(db);
      return settledMemory();
    },
  };
}

async function startBare(): Promise<{ port: number; handle: (r: ChildRequest) => Promise<unknown> }> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http, maxPayload: LINK_MAX_FRAME_BYTES });
  // Keep every socket; ignore what it says (the devices' hello).
  wss.on('connection', (socket) => socket.on('error', () => undefined));
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', () => done()));
  return {
    port: (http.address() as AddressInfo).port,
    async handle(r) {
      if (r.op === 'count') return wss.clients.size;
      if (r.op === 'memory') return settledMemory();
      throw new Error('the bare server has no database');
    },
  };
}

const mode = process.argv[2] as ServerMode;
if (mode !== 'app' && mode !== 'bare') throw new Error(`mode must be app or bare, got ${mode}`);
const { port, handle } = mode === 'app' ? await startApp() : await startBare();
process.on('message', (message: ChildRequest) => {
  handle(message).then(
    (value) => process.send!({ id: message.id, ok: true, value } satisfies ChildReply),
    (error: unknown) => process.send!({ id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ChildReply),
  );
});
process.send!({ ready: true, port, pid: process.pid } satisfies ChildReady);
