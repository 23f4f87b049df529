import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisLinkHub } from './redis-link-hub.ts';
import { LinkCallError } from './link-connection.ts';
import { cuttableProxy } from '../live/redis-cut-proxy.ts';

/**
 * Redis going away under a running API process (docs/scaling.md "If it goes away, cross-process
 * features stop until it is back; each process's own links keep working"). The outage is a TCP
 * proxy in front of REDIS_URL that the test cuts, so the Redis others use is not disturbed.
 */
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('a link hub while Redis is away', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('answers a call for a device linked elsewhere with a timeout, and the process lives on', async () => {
    const proxy = await cuttableProxy(redisUrl!);
    closers.push(proxy.close);
    const hub = await RedisLinkHub.connect(proxy.url, { requestTimeoutMs: 300 });
    closers.push(() => hub.close());
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    closers.push(async () => void process.off('unhandledRejection', onUnhandled));

    const call = async () => {
      const started = Date.now();
      const outcome = await Promise.race([
        hub.forward('0123456789abcdef0123456789abcdef', { method: 'POST', path: '/v1/blink' }).then(
          (reply) => ({ reply }),
          (error: unknown) => ({ error }),
        ),
        new Promise((done) => setTimeout(() => done('no answer'), 3000)),
      ]);
      return { outcome, ms: Date.now() - started };
    };
    proxy.cut();
    // At once (the publish goes to the socket being cut), then once the client is reconnecting (it waits in the offline queue).
    const atOnce = await call();
    await new Promise((done) => setTimeout(done, 300));
    const later = await call();
    // Each ends at the request timeout, as when the device itself does not answer: not held until
    // Redis is back, not a 500, and no rejection left unhandled (which ends a Node process).
    for (const { outcome, ms } of [atOnce, later]) {
      expect(outcome).toMatchObject({ error: expect.any(LinkCallError) });
      expect(ms).toBeLessThan(2000);
    }
    await new Promise((done) => setTimeout(done, 500));
    expect(unhandled).toEqual([]);

    // Redis back: calls are answered again (no listener: no link anywhere, at once).
    proxy.restore();
    await expect.poll(() => hub.forward('0123456789abcdef0123456789abcdef', { method: 'POST', path: '/v1/blink' }).catch(() => 'error'), { timeout: 10_000 }).toBeNull();
  });
});
