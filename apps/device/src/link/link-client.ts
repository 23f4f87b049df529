import WebSocket from 'ws';
import {
  DEVICE_LINK_PATH,
  LINK_CLOSE,
  LINK_MAX_FRAME_BYTES,
  LINK_REPLACED_BACKOFF,
  LINK_SILENCE_MS,
  apiToDeviceMessage,
  parseLinkFrame,
  reconnectDelayMs,
  replacedReconnectDelayMs,
  type DeviceToApiMessage,
  type LinkHello,
  type LinkRequest,
} from '@flotilla/core/device-link';
import type { ShellFactory } from '../shell/shell-session.ts';
import { TerminalSessions } from '../shell/terminal-sessions.ts';

/**
 * The device's end of the device link (packages/core device-link.ts): keeps one outbound
 * WebSocket to the API, says hello, and answers each forwarded supervisor request through a
 * handler (the simulated supervisor, or a forwarder to a real one).
 */

export interface LinkReply {
  status: number;
  /** JSON value, or the text of a non-JSON reply. */
  body: unknown;
}

export type LinkHandler = (request: LinkRequest) => Promise<LinkReply>;

/**
 * Why the API ended the link for good. A link replaced by another connection with the same key
 * is not one: the agent comes back after a long back-off (`replacedDelay`).
 */
export type LinkStopReason = 'unauthorized' | 'gone';

export interface LinkClientOptions {
  /** The API origin (http or https); the link uses ws or wss on the same host. */
  apiUrl: string;
  deviceKey: string;
  mode: LinkHello['mode'];
  supervisorVersion?: string;
  handler: LinkHandler;
  /** Opens the web terminal's shells (shell/); without it every terminal session is refused. */
  shells?: ShellFactory;
  /** The API refused the key or the device is gone: no reconnects follow. */
  onStop?: (reason: LinkStopReason) => void;
  /** The API closed the link as replaced by another connection with this key; the next try is `retryInMs` away. */
  onReplaced?: (retryInMs: number) => void;
  /** After each successful connect, once hello is sent. */
  onOpen?: () => void;
  onClose?: (code: number) => void;
  log?: (message: string) => void;
  /** Tests shorten these; defaults follow the protocol. */
  silenceMs?: number;
  /** A link that stayed open this long resets the back-off. */
  stableMs?: number;
  reconnectDelay?: (attempt: number) => number;
  /** The wait after the `streak`-th replacement in a row (0 first); long, with jitter (packages/core). */
  replacedDelay?: (streak: number) => number;
  /** A link that stayed up this long ends a streak of replacements. */
  replacedQuietMs?: number;
}

const DEFAULT_STABLE_MS = 10_000;
const HANDSHAKE_TIMEOUT_MS = 30_000;
/** stop() lets replies being worked on go out (a reboot answers 202, then the link drops), but not forever. */
const STOP_GRACE_MS = 2_000;

export class LinkClient {
  private ws: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  /** Replacements in a row: each one waits longer, until a link stays up `replacedQuietMs`. */
  private replacedStreak = 0;
  private openedAt: number | null = null;
  /** HTTP status of a refused upgrade on the current attempt (an API that checks the key before upgrading). */
  private refusedStatus: number | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly inflight = new Set<Promise<void>>();
  /** The terminal sessions of the current socket: they end with it. */
  private terminals: TerminalSessions | null = null;
  /** Set when the API ended the link for good. */
  stopReason: LinkStopReason | null = null;

  constructor(private readonly opts: LinkClientOptions) {}

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (this.stopped || this.ws || this.reconnectTimer) return;
    this.connect();
  }

  /** Closes the link cleanly (after replies in progress are sent) and cancels every timer. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer('reconnectTimer');
    if (this.inflight.size > 0) await withTimeout(Promise.allSettled([...this.inflight]), STOP_GRACE_MS);
    this.clearTimer('silenceTimer');
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    else ws.close(1000, 'device stopping');
    if (!(await withTimeout(closed, STOP_GRACE_MS))) ws.terminate();
  }

  private connect(): void {
    this.reconnectTimer = null;
    this.refusedStatus = null;
    const ws = new WebSocket(linkUrl(this.opts.apiUrl), {
      headers: { authorization: `Bearer ${this.opts.deviceKey}` },
      maxPayload: LINK_MAX_FRAME_BYTES,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    this.ws = ws;
    const terminals = new TerminalSessions(this.opts.shells ?? refuseShells, (message) => this.send(ws, message), this.opts.log);
    this.terminals = terminals;
    ws.on('open', () => {
      this.openedAt = Date.now();
      this.armSilence(ws);
      this.send(ws, { type: 'hello', mode: this.opts.mode, ...(this.opts.supervisorVersion ? { supervisorVersion: this.opts.supervisorVersion } : {}) });
      this.opts.onOpen?.();
    });
    // ws answers pings with pongs by itself; a ping is also the API's sign of life.
    ws.on('ping', () => this.armSilence(ws));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.handleFrame(ws, rawText(data));
    });
    ws.on('unexpected-response', (_req, res) => {
      this.refusedStatus = res.statusCode ?? null;
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => {
      // The first failure of a streak is worth a line; a thousand devices retrying are not.
      if (this.attempt === 0 && !this.stopped) this.opts.log?.(`link: ${err.message}`);
    });
    ws.on('close', (code) => this.handleClose(ws, code));
  }

  private handleClose(ws: WebSocket, code: number): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.terminals?.closeAll();
    this.terminals = null;
    this.clearTimer('silenceTimer');
    const openedFor = this.openedAt === null ? 0 : Date.now() - this.openedAt;
    if (this.openedAt !== null && openedFor >= (this.opts.stableMs ?? DEFAULT_STABLE_MS)) this.attempt = 0;
    if (this.openedAt !== null && openedFor >= (this.opts.replacedQuietMs ?? LINK_REPLACED_BACKOFF.quietMs)) this.replacedStreak = 0;
    this.openedAt = null;
    this.opts.onClose?.(code);
    const reason = stopReasonFor(code, this.refusedStatus);
    if (reason && !this.stopped) {
      this.stopped = true;
      this.stopReason = reason;
      this.opts.log?.(`link: ended by the API (${reason})`);
      this.opts.onStop?.(reason);
      return;
    }
    if (this.stopped) return;
    if (code === LINK_CLOSE.replaced) {
      // Another connection with this key took the link (a clone of this device, or a second
      // agent). Not for good: that one may go away, and a real device must not stay unreachable
      // until restarted. Not soon either: two holders of one key would take turns every second.
      const delay = (this.opts.replacedDelay ?? replacedReconnectDelayMs)(this.replacedStreak);
      this.replacedStreak += 1;
      this.attempt = 0;
      this.opts.log?.(`link: replaced by another connection with this device key; connecting again in ${Math.round(delay / 1000)} s`);
      this.opts.onReplaced?.(delay);
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
      return;
    }
    const delay = (this.opts.reconnectDelay ?? reconnectDelayMs)(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private handleFrame(ws: WebSocket, text: string): void {
    const request = parseLinkFrame(apiToDeviceMessage, text);
    if (!request) {
      this.opts.log?.('link: ignored a frame that is not a link request');
      return;
    }
    if (request.type !== 'request') {
      void this.terminals?.handle(request);
      return;
    }
    const work = this.answer(request).then((reply) => {
      this.send(ws, { type: 'response', id: request.id, status: reply.status, body: reply.body });
    });
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  private async answer(request: LinkRequest): Promise<LinkReply> {
    try {
      return await this.opts.handler(request);
    } catch (err) {
      return { status: 500, body: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Sends on `ws` if it is still open; a reply for a link that has since dropped is lost with it. */
  private send(ws: WebSocket, message: DeviceToApiMessage): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    let text = JSON.stringify(message);
    if (message.type === 'response' && Buffer.byteLength(text) > LINK_MAX_FRAME_BYTES) {
      // The API would drop the whole link for an oversized frame; answer the request instead.
      text = JSON.stringify({ ...message, status: 500, body: 'supervisor reply is larger than the link accepts' });
    }
    ws.send(text);
  }

  private armSilence(ws: WebSocket): void {
    this.clearTimer('silenceTimer');
    this.silenceTimer = setTimeout(() => {
      this.opts.log?.('link: no ping from the API, reconnecting');
      ws.terminate();
    }, this.opts.silenceMs ?? LINK_SILENCE_MS);
  }

  private clearTimer(which: 'silenceTimer' | 'reconnectTimer'): void {
    const timer = this[which];
    if (timer) clearTimeout(timer);
    this[which] = null;
  }
}

/** A link without shells answers every terminal-open with an exit. */
const refuseShells: ShellFactory = () => {
  throw new Error('this agent offers no terminal');
};

/** `http://host/base` → `ws://host/device/v1/link` (the link lives at the origin root, like every device route). */
export function linkUrl(apiUrl: string): string {
  const url = new URL(DEVICE_LINK_PATH, apiUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function stopReasonFor(code: number, refusedStatus: number | null): LinkStopReason | null {
  if (code === LINK_CLOSE.unauthorized || refusedStatus === 401) return 'unauthorized';
  if (code === LINK_CLOSE.gone) return 'gone';
  return null;
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Resolves true when `promise` settles first, false after `ms`. */
async function withTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
