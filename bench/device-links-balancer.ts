import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The load balancer stand-in of the failover bench: a TCP proxy in front of several API
 * processes that spreads each new connection over the live backends, round robin. Like a
 * balancer without active health checks (nginx's `proxy_next_upstream`), it learns that a
 * backend is down when connecting to it fails, tries the next one for that same connection,
 * and leaves the failed backend out for `retryDeadMs`. A backend's connection that ends ends the
 * client's too (and the other way round), as a TCP proxy does.
 *
 * It reads the HTTP request head before connecting, only to note which device (its bearer key)
 * went to which backend: the bench needs to know whose devices the killed process held.
 */
const HEAD_END = Buffer.from('\r\n\r\n');
const MAX_HEAD_BYTES = 16 * 1024;

export class LinkBalancer {
  readonly #server: Server;
  readonly #backends: { port: number; deadUntil: number }[];
  readonly #retryDeadMs: number;
  #next = 0;
  /** The backend index of each device key's latest connection. */
  readonly routes = new Map<string, number>();

  private constructor(server: Server, ports: readonly number[], retryDeadMs: number) {
    this.#server = server;
    this.#backends = ports.map((port) => ({ port, deadUntil: 0 }));
    this.#retryDeadMs = retryDeadMs;
  }

  static async start(ports: readonly number[], retryDeadMs = 5000): Promise<LinkBalancer> {
    const server = createServer();
    const balancer = new LinkBalancer(server, ports, retryDeadMs);
    server.on('connection', (client) => balancer.#accept(client));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    return balancer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((done) => this.#server.close(() => done()));
  }

  #accept(client: Socket): void {
    client.on('error', () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.indexOf(HEAD_END) < 0) {
        if (head.length > MAX_HEAD_BYTES) client.destroy();
        return;
      }
      client.off('data', onData);
      client.pause();
      const key = /^authorization:\s*bearer\s+(\S+)\s*$/im.exec(head.toString('latin1'))?.[1];
      this.#connect(client, head, key, 0);
    };
    client.on('data', onData);
  }

  #connect(client: Socket, head: Buffer, key: string | undefined, tried: number): void {
    const now = Date.now();
    const live = this.#backends.map((b, i) => ({ ...b, i })).filter((b) => b.deadUntil <= now);
    if (live.length === 0 || tried >= this.#backends.length) {
      client.destroy();
      return;
    }
    const backend = live[this.#next++ % live.length]!;
    const upstream = createConnection({ host: '127.0.0.1', port: backend.port });
    let connected = false;
    upstream.once('error', () => {
      // Refused before it connected: that backend is down; this connection tries another.
      if (!connected && !client.destroyed) {
        this.#backends[backend.i]!.deadUntil = Date.now() + this.#retryDeadMs;
        this.#connect(client, head, key, tried + 1);
      }
      upstream.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      if (key) this.routes.set(key, backend.i);
      upstream.on('error', () => client.destroy());
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
      client.resume();
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    });
  }
}
