import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH, LINK_CLOSE } from '@flotilla/core/device-link';
import { LinkClient, linkUrl, type LinkClientOptions, type LinkStopReason } from './link-client.ts';
import { FakeLinkApi } from './testing/fake-link-api.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(apiOpts: Parameters<typeof FakeLinkApi.start>[0] = {}, clientOpts: Partial<LinkClientOptions> = {}) {
  const api = await FakeLinkApi.start(apiOpts);
  cleanups.push(() => api.close());
  const stops: LinkStopReason[] = [];
  const client = new LinkClient({
    apiUrl: api.url,
    deviceKey: 'device-key-1',
    mode: 'supervisor',
    supervisorVersion: '17.1.0',
    handler: async (req) => ({ status: 200, body: { echo: req.path, method: req.method, body: req.body ?? null } }),
    onStop: (reason) => stops.push(reason),
    reconnectDelay: () => 5,
    ...clientOpts,
  });
  cleanups.push(() => client.stop());
  client.start();
  return { api, client, stops };
}

describe('linkUrl', () => {
  it('turns the API origin into the ws(s) URL of the link at the origin root', () => {
    expect(linkUrl('http://127.0.0.1:8080')).toBe(`ws://127.0.0.1:8080${DEVICE_LINK_PATH}`);
    expect(linkUrl('https://api.example.com/some/base/')).toBe(`wss://api.example.com${DEVICE_LINK_PATH}`);
  });
});

describe('LinkClient', () => {
  it('connects with the device key as bearer and says hello first', async () => {
    const { api } = await setup();
    const link = await api.nextLink();
    expect(link.path).toBe(DEVICE_LINK_PATH);
    expect(link.authorization).toBe('Bearer device-key-1');
    expect(await link.hello).toEqual({ type: 'hello', mode: 'supervisor', supervisorVersion: '17.1.0' });
  });

  it('answers each request under its id, concurrently, and 500 with the message when the handler throws', async () => {
    const { api } = await setup({}, {
      handler: async (req) => {
        if (req.path === '/boom') throw new Error('supervisor exploded');
        // The slower first request must not hold up the second.
        if (req.path === '/slow') await new Promise((r) => setTimeout(r, 50));
        return { status: 202, body: { path: req.path, body: req.body ?? null } };
      },
    });
    const link = await api.nextLink();
    const [slow, fast, boom] = await Promise.all([
      link.request('POST', '/slow', { force: true }),
      link.request('GET', '/fast'),
      link.request('POST', '/boom'),
    ]);
    expect(slow).toMatchObject({ type: 'response', status: 202, body: { path: '/slow', body: { force: true } } });
    expect(fast).toMatchObject({ status: 202, body: { path: '/fast', body: null } });
    expect(boom).toMatchObject({ status: 500, body: 'supervisor exploded' });
  });

  it('ignores frames that are not link requests and keeps the link', async () => {
    const { api, client } = await setup();
    const link = await api.nextLink();
    await link.hello;
    link.sendRaw('not json');
    link.sendRaw(JSON.stringify({ type: 'request', id: 'x', method: 'POST', path: 'no-leading-slash' }));
    const reply = await link.request('GET', '/v1/device');
    expect(reply.status).toBe(200);
    expect(client.isOpen).toBe(true);
  });

  it('reconnects after the API drops it, backing off, and resets the back-off after a link that stayed up', async () => {
    const attempts: number[] = [];
    const { api } = await setup({}, { stableMs: 100, reconnectDelay: (a) => (attempts.push(a), 5) });
    (await api.nextLink()).ws.terminate();
    (await api.nextLink()).ws.terminate();
    const third = await api.nextLink();
    await third.hello;
    await new Promise((r) => setTimeout(r, 150));
    third.ws.close(1011, 'server restart');
    const fourth = await api.nextLink();
    expect(await fourth.hello).toMatchObject({ type: 'hello' });
    expect(attempts).toEqual([0, 1, 0]);
  });

  it.each([
    [LINK_CLOSE.unauthorized, 'unauthorized'],
    [LINK_CLOSE.gone, 'gone'],
  ] as const)('stops for good when the API closes with %i', async (code, reason) => {
    const { api, client, stops } = await setup();
    const link = await api.nextLink();
    await link.hello;
    link.ws.close(code);
    await expect.poll(() => stops).toEqual([reason]);
    expect(client.stopReason).toBe(reason);
    expect(await api.hasNewLinkWithin(100)).toBe(false);
  });

  it('comes back after the long back-off when the API closes with 4409 (replaced), waiting longer each time in a row', async () => {
    const streaks: number[] = [];
    const replaced: number[] = [];
    const { api, client, stops } = await setup({}, { replacedDelay: (streak) => (streaks.push(streak), 150 * (streak + 1)), onReplaced: (ms) => replaced.push(ms), replacedQuietMs: 10_000 });
    for (let i = 0; i < 2; i++) {
      const link = await api.nextLink();
      await link.hello;
      link.ws.close(LINK_CLOSE.replaced);
      // Not at once: the other holder of the key keeps the link for the back-off.
      expect(await api.hasNewLinkWithin(100)).toBe(false);
    }
    const back = await api.nextLink();
    expect(await back.hello).toMatchObject({ type: 'hello' });
    expect(streaks).toEqual([0, 1]);
    expect(replaced).toEqual([150, 300]);
    expect(stops).toEqual([]);
    expect(client.isStopped).toBe(false);
    expect(client.stopReason).toBeNull();
  });

  it('ends a streak of replacements once a link stayed up for the quiet time', async () => {
    const streaks: number[] = [];
    const { api } = await setup({}, { replacedDelay: (streak) => (streaks.push(streak), 5), replacedQuietMs: 100 });
    (await api.nextLink()).ws.close(LINK_CLOSE.replaced);
    const second = await api.nextLink();
    await second.hello;
    await new Promise((r) => setTimeout(r, 150));
    second.ws.close(LINK_CLOSE.replaced);
    await (await api.nextLink()).hello;
    expect(streaks).toEqual([0, 0]);
  });

  it('treats an upgrade refused with 401 as unauthorized', async () => {
    const { api, stops } = await setup({ refuseWith: 401 });
    await expect.poll(() => stops).toEqual(['unauthorized']);
    expect(api.links).toHaveLength(0);
  });

  it('keeps a link the API pings, and drops and reconnects one it stops pinging', async () => {
    const { api } = await setup({ pingMs: 30 }, { silenceMs: 150 });
    const first = await api.nextLink();
    await first.hello;
    expect(await api.hasNewLinkWithin(300)).toBe(false);
    api.stopPinging();
    expect(await first.closed).toBe(1006);
    await api.nextLink(1_000);
  });

  it('stop() closes with 1000 and does not reconnect', async () => {
    const { api, client } = await setup();
    const link = await api.nextLink();
    await link.hello;
    await client.stop();
    expect(await link.closed).toBe(1000);
    expect(await api.hasNewLinkWithin(100)).toBe(false);
  });
});
