import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { DEVICE_LINK_PATH, deviceToApiMessage, parseLinkFrame, type LinkHello, type LinkMethod, type LinkResponse } from '@flotilla/core/device-link';

/**
 * Test helper: a real WebSocket server on 127.0.0.1 that plays the API's end of the device link
 * (accepts links, records hellos, sends requests and collects the replies).
 */

export interface FakeLink {
  ws: WebSocket;
  authorization: string | undefined;
  path: string | undefined;
  hello: Promise<LinkHello>;
  /** The close code the server saw. */
  closed: Promise<number>;
  request(method: LinkMethod, path: string, body?: unknown): Promise<LinkResponse>;
  /** Raw text frame (malformed frames in tests). */
  sendRaw(text: string): void;
}

export interface FakeLinkApiOptions {
  /** Ping every link this often (0 = never). */
  pingMs?: number;
  /** Refuse the upgrade with this HTTP status. */
  refuseWith?: number;
}

export class FakeLinkApi {
  readonly links: FakeLink[] = [];
  private taken = 0;
  private waiters: Array<() => void> = [];
  private pinging = true;

  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
    private readonly opts: FakeLinkApiOptions,
  ) {
    wss.on('connection', (ws, req) => this.accept(ws, req.headers.authorization, req.url));
  }

  static async start(opts: FakeLinkApiOptions = {}): Promise<FakeLinkApi> {
    const wss = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      path: DEVICE_LINK_PATH,
      verifyClient: opts.refuseWith ? (_info, done) => done(false, opts.refuseWith) : undefined,
    });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    const { port } = wss.address() as AddressInfo;
    return new FakeLinkApi(wss, `http://127.0.0.1:${port}`, opts);
  }

  /** The next link not yet handed out, waiting for it to connect. */
  async nextLink(timeoutMs = 5_000): Promise<FakeLink> {
    const deadline = Date.now() + timeoutMs;
    while (this.links.length <= this.taken) {
      if (Date.now() > deadline) throw new Error(`no new link within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.links[this.taken++]!;
  }

  /** Whether a link beyond those handed out arrives within `ms`. */
  async hasNewLinkWithin(ms: number): Promise<boolean> {
    await new Promise((r) => setTimeout(r, ms));
    return this.links.length > this.taken;
  }

  stopPinging(): void {
    this.pinging = false;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket, authorization: string | undefined, path: string | undefined): void {
    const pending = new Map<string, (r: LinkResponse) => void>();
    let onHello: (h: LinkHello) => void = () => {};
    const hello = new Promise<LinkHello>((resolve) => {
      onHello = resolve;
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (data) => {
      const message = parseLinkFrame(deviceToApiMessage, String(data));
      if (message?.type === 'hello') onHello(message);
      if (message?.type === 'response') pending.get(message.id)?.(message);
    });
    if (this.opts.pingMs) {
      const timer = setInterval(() => {
        if (this.pinging && ws.readyState === WebSocket.OPEN) ws.ping();
      }, this.opts.pingMs);
      ws.once('close', () => clearInterval(timer));
    }
    this.links.push({
      ws,
      authorization,
      path,
      hello,
      closed,
      request: (method, reqPath, body) =>
        new Promise<LinkResponse>((resolve, reject) => {
          const id = randomUUID();
          pending.set(id, resolve);
          ws.once('close', () => reject(new Error(`link closed before answering ${method} ${reqPath}`)));
          ws.send(JSON.stringify({ type: 'request', id, method, path: reqPath, ...(body === undefined ? {} : { body }) }));
        }),
      sendRaw: (text) => ws.send(text),
    });
    for (const wake of this.waiters.splice(0)) wake();
  }
}
