import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * Test support: a TCP proxy in front of a Redis (REDIS_URL) that a test cuts and restores, so a
 * Redis outage is shown without disturbing the Redis others use. `cut()` drops every connection
 * and refuses new ones until `restore()`.
 */
export interface CuttableProxy {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let isCut = false;
  const server: Server = createServer((client) => {
    if (isCut) return void client.destroy();
    const upstream = connect(Number(port || 6379), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port: own } = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(own);
  return {
    url: url.toString(),
    cut() {
      isCut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
