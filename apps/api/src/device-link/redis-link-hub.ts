import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { z } from 'zod';
import { HTTP_METHODS, LINK_REQUEST_TIMEOUT_MS, SUPERVISOR_PATH } from '@flotilla/core/device-link';
import { LinkCallError } from './link-connection.ts';
import type { LinkCall, LinkHub, LinkReply, LocalLink } from './link-hub.ts';
import { MemoryLinkHub } from './memory-link-hub.ts';

type RedisClient = ReturnType<typeof createClient>;

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const deviceChannel = (uuid: string) => `flotilla:link:${uuid}`;
/** Presence of a link, refreshed by its holder: a crashed process's links expire with it. */
const aliveKey = (uuid: string) => `flotilla:link-alive:${uuid}`;
const ALIVE_TTL_MS = 90_000;
const ALIVE_REFRESH_MS = 30_000;
const replyChannel = (instance: string) => `flotilla:link-reply:${instance}`;
/** Deletes a presence key only if it is still the given instance's. */
const DELETE_IF_OURS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** What travels on a device's channel: a forwarded call, or another process claiming the device. */
const channelMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('call'),
    id: z.string(),
    replyTo: z.string(),
    request: z.object({ method: z.enum(HTTP_METHODS), path: z.string().regex(SUPERVISOR_PATH), body: z.unknown().optional() }),
  }),
  z.object({ kind: z.literal('claim'), instance: z.string() }),
]);
const replyMessage = z.object({ id: z.string(), reply: z.object({ status: z.number(), body: z.unknown() }).nullable() });

/**
 * Several API processes (DESIGN.md "Live data and scale-out"): each device's link lives on one
 * process, which subscribes to the device's channel while it holds it. A call for a device this
 * process does not hold is published there; PUBLISH answers how many processes listen, so no
 * listener means no link anywhere, at once, without a timeout. The holder forwards the call
 * over the link and publishes the reply on the caller's own reply channel.
 *
 * A device that re-links to another process (its old link half-open) is claimed there: the
 * claim on the device's channel makes the old holder close its link as replaced.
 */
export class RedisLinkHub implements LinkHub {
  readonly #instance = randomUUID();
  readonly #local = new MemoryLinkHub();
  readonly #linksByUuid = new Map<string, LocalLink>();
  readonly #waiting = new Map<string, { resolve: (reply: LinkReply | null) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  readonly #publisher: RedisClient;
  readonly #subscriber: RedisClient;
  readonly #requestTimeoutMs: number;
  readonly #refresher: NodeJS.Timeout;

  private constructor(publisher: RedisClient, subscriber: RedisClient, requestTimeoutMs: number) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#requestTimeoutMs = requestTimeoutMs;
    this.#refresher = setInterval(() => void this.#refreshAlive().catch(() => undefined), ALIVE_REFRESH_MS);
    this.#refresher.unref();
  }

  static async connect(url: string, options: { requestTimeoutMs?: number; onError?: (error: Error) => void } = {}): Promise<RedisLinkHub> {
    const publisher = createClient({ url });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) client.on('error', (error: Error) => options.onError?.(error));
    await Promise.all([publisher.connect(), subscriber.connect()]);
    const hub = new RedisLinkHub(publisher, subscriber, options.requestTimeoutMs ?? LINK_REQUEST_TIMEOUT_MS);
    await subscriber.subscribe(replyChannel(hub.#instance), (message) => hub.#onReply(message));
    return hub;
  }

  async attach(uuid: string, link: LocalLink): Promise<void> {
    const isNew = !this.#linksByUuid.has(uuid);
    this.#linksByUuid.set(uuid, link);
    await this.#local.attach(uuid, link);
    // Claim first, then listen: our own claim is not heard by ourselves.
    await this.#publisher.publish(deviceChannel(uuid), JSON.stringify({ kind: 'claim', instance: this.#instance }));
    if (isNew) {
      // A rejection would be unhandled and end the process: a failed publish leaves the caller to time out.
      await this.#subscriber.subscribe(deviceChannel(uuid), (message) => void this.#onDeviceMessage(uuid, message).catch(() => undefined));
    }
    await this.#publisher.set(aliveKey(uuid), this.#instance, { PX: ALIVE_TTL_MS });
  }

  async detach(uuid: string, link: LocalLink): Promise<void> {
    if (this.#linksByUuid.get(uuid) !== link) return;
    this.#linksByUuid.delete(uuid);
    await this.#local.detach(uuid, link);
    await this.#subscriber.unsubscribe(deviceChannel(uuid));
    // Only our own presence: the device may already be linked to another process. In one step:
    // read, then delete, would delete the presence the new holder writes in between (a claim
    // makes us detach just as the other process attaches).
    await this.#publisher.eval(DELETE_IF_OURS, { keys: [aliveKey(uuid)], arguments: [this.#instance] });
  }

  async linkedAmong(uuids: readonly string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const values = await this.#publisher.mGet(uuids.map(aliveKey));
    return new Set(uuids.filter((_uuid, i) => values[i] !== null));
  }

  localLinks(): string[] {
    return this.#local.localLinks();
  }

  async #refreshAlive(): Promise<void> {
    await Promise.all([...this.#linksByUuid.keys()].map((uuid) => this.#publisher.set(aliveKey(uuid), this.#instance, { PX: ALIVE_TTL_MS })));
  }

  async forward(uuid: string, request: LinkCall): Promise<LinkReply | null> {
    if (this.#local.holds(uuid)) return this.#local.forward(uuid, request);
    const id = randomUUID();
    const reply = new Promise<LinkReply | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new LinkCallError('timeout'));
      }, this.#requestTimeoutMs);
      this.#waiting.set(id, { resolve, reject, timer });
    });
    // Redis away: the publish fails or waits for it, and the call ends at its timeout like one the
    // device does not answer. Not awaited: the timer's rejection must not come while nothing
    // listens to `reply` (an unhandled rejection ends the process).
    this.#publisher.publish(deviceChannel(uuid), JSON.stringify({ kind: 'call', id, replyTo: this.#instance, request })).then(
      (listeners) => {
        if (listeners === 0) this.#finish(id, null);
      },
      () => undefined,
    );
    return reply;
  }

  async close(): Promise<void> {
    clearInterval(this.#refresher);
    for (const id of [...this.#waiting.keys()]) this.#finish(id, null);
    await this.#local.close();
    await Promise.allSettled([this.#subscriber.close(), this.#publisher.close()]);
  }

  async #onDeviceMessage(uuid: string, raw: string): Promise<void> {
    const parsed = channelMessage.safeParse(parseJson(raw));
    if (!parsed.success) return;
    const message = parsed.data;
    const link = this.#linksByUuid.get(uuid);
    if (message.kind === 'claim') {
      if (message.instance !== this.#instance && link) {
        link.replace();
        await this.detach(uuid, link);
      }
      return;
    }
    // A closed or slow link answers null: the caller says the device is not online.
    const reply = link ? await link.call(message.request).catch(() => null) : null;
    await this.#publisher.publish(replyChannel(message.replyTo), JSON.stringify({ id: message.id, reply }));
  }

  #onReply(raw: string): void {
    const parsed = replyMessage.safeParse(parseJson(raw));
    if (parsed.success) this.#finish(parsed.data.id, parsed.data.reply);
  }

  #finish(id: string, reply: LinkReply | null): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(reply);
  }
}
