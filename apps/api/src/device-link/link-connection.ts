import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  deviceToApiMessage,
  LINK_CLOSE,
  LINK_MAX_BUFFERED_BYTES,
  LINK_PING_MS,
  LINK_REQUEST_TIMEOUT_MS,
  parseLinkFrame,
  type ApiToDeviceTerminal,
  type DeviceToApiTerminal,
  type LinkHello,
  type LinkRequest,
} from '@flotilla/core/device-link';
import type { LinkCall, LinkReply, LocalLink } from './link-hub.ts';
import { jsonValueNestsDeeperThan, MAX_JSON_NESTING } from '../lib/json-nesting.ts';

/**
 * A device's answer whose body nests deeper than MAX_JSON_NESTING: passed on as a 502 with this
 * note instead. Serialising it again (to the caller, or to another process through Redis) would
 * overflow the stack: a device key must not be able to fail a fleet-wide call or a process.
 */
export const DEVICE_ANSWER_TOO_DEEP = `The device answered with JSON nested more than ${MAX_JSON_NESTING} levels deep`;

const CALL_ERRORS = {
  closed: 'The device link closed before the device answered',
  timeout: 'The device did not answer in time',
  backlog: 'The device is not reading its link',
} as const;

/**
 * A forwarded request that the device did not answer: its link ended, it took too long, or the
 * link was not taking more (`backlog`: not sent at all).
 */
export class LinkCallError extends Error {
  constructor(readonly reason: keyof typeof CALL_ERRORS) {
    super(CALL_ERRORS[reason]);
    this.name = 'LinkCallError';
  }
}

interface Pending {
  resolve: (reply: LinkReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface LinkConnectionOptions {
  pingMs?: number;
  requestTimeoutMs?: number;
  onHello?: (hello: LinkHello) => void;
}

/**
 * One device's link socket on this process: requests out with an id, replies matched back by
 * it; a ping every `pingMs`, and a device that did not pong since the previous ping is cut off
 * (its socket is half-open: a cable pulled, a NAT forgot it). Frames that are not a reply or a
 * hello are ignored, so a device cannot make the API do anything by talking first.
 */
export class LinkConnection implements LocalLink {
  readonly #socket: WebSocket;
  readonly #pending = new Map<string, Pending>();
  readonly #requestTimeoutMs: number;
  readonly #pinger: NodeJS.Timeout;
  #isAlive = true;
  /** True once another link of the device replaced this one: its end is not a disconnect. */
  isReplaced = false;
  /** Where the device's terminal frames go (terminal/terminal-relay.ts); dropped until set. */
  onTerminal: ((frame: DeviceToApiTerminal) => void) | null = null;

  constructor(socket: WebSocket, options: LinkConnectionOptions = {}) {
    this.#socket = socket;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? LINK_REQUEST_TIMEOUT_MS;
    socket.on('pong', () => {
      this.#isAlive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const message = parseLinkFrame(deviceToApiMessage, data.toString());
      if (message?.type === 'response') {
        const isTooDeep = jsonValueNestsDeeperThan(message.body);
        this.#settle(message.id, isTooDeep ? { status: 502, body: { message: DEVICE_ANSWER_TOO_DEEP } } : { status: message.status, body: message.body });
      } else if (message?.type === 'hello') options.onHello?.(message);
      else if (message) this.onTerminal?.(message);
    });
    socket.on('close', () => this.#failAll());
    this.#pinger = setInterval(() => {
      if (!this.#isAlive) {
        socket.terminate();
        return;
      }
      this.#isAlive = false;
      socket.ping();
    }, options.pingMs ?? LINK_PING_MS);
    this.#pinger.unref();
  }

  /**
   * Whether the device is taking what is sent: a device that stopped reading its link (or one
   * far slower than what it is sent) leaves frames queued in this process's memory; past
   * LINK_MAX_BUFFERED_BYTES nothing more is queued for it.
   */
  get #isKeepingUp(): boolean {
    return this.#socket.bufferedAmount <= LINK_MAX_BUFFERED_BYTES;
  }

  call(request: LinkCall): Promise<LinkReply> {
    if (this.#socket.readyState !== this.#socket.OPEN) return Promise.reject(new LinkCallError('closed'));
    if (!this.#isKeepingUp) return Promise.reject(new LinkCallError('backlog'));
    const id = randomUUID();
    const frame: LinkRequest = { type: 'request', id, method: request.method, path: request.path, ...(request.body === undefined ? {} : { body: request.body }) };
    return new Promise<LinkReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new LinkCallError('timeout'));
      }, this.#requestTimeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
      this.#socket.send(JSON.stringify(frame));
    });
  }

  /** Sends a terminal frame to the device; false when the link is no longer open or not keeping up (the relay ends the session). */
  sendTerminal(frame: ApiToDeviceTerminal): boolean {
    if (this.#socket.readyState !== this.#socket.OPEN || !this.#isKeepingUp) return false;
    this.#socket.send(JSON.stringify(frame));
    return true;
  }

  replace(): void {
    this.isReplaced = true;
    this.#socket.close(LINK_CLOSE.replaced, 'Replaced by a newer link');
  }

  close(code: number, reason: string): void {
    this.#socket.close(code, reason);
  }

  #settle(id: string, reply: LinkReply): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  #failAll(): void {
    clearInterval(this.#pinger);
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new LinkCallError('closed'));
    }
    this.#pending.clear();
  }
}
