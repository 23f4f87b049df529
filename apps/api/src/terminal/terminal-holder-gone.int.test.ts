import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_CLOSE } from '@flotilla/core/terminal-protocol';
import { buildApp } from '../app.ts';
import { RedisLinkHub } from '../device-link/redis-link-hub.ts';
import { RedisEventBus } from '../live/redis-event-bus.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { linkedTestDevice, openTerminal, sessionUser, startAgent, waitLinked, type TerminalClient, type TestAgent } from './terminal-test-support.ts';

/**
 * A terminal whose device link was held by an API process that is gone without a word (killed,
 * or cut off from Redis): nothing tells the browser's process that the shell ended with the
 * device's socket. The session's periodic check asks the link's relay whether the session is
 * still its own (terminal-relay.ts); no answer, or "not mine" from the link the device made
 * anew on another process, ends the session as a dropped link does, instead of leaving the
 * browser typing into nothing. The "killed" process here keeps running but loses its Redis
 * connections, which is all the other processes can see of a killed one.
 */
const redisUrl = process.env.REDIS_URL;
const CHECK_MS = 300;

/**
 * Two API processes sharing one database and Redis, the first with short terminal checks; its
 * Redis clients are kept so a test can cut them ("kill" it). Registers the describe's hooks.
 */
function useTwoProcesses() {
  const s = {} as {
    first: TestContext;
    firstBus: RedisEventBus;
    firstHub: RedisLinkHub;
    second: FastifyInstance;
    firstUrl: string;
    secondUrl: string;
    agents: TestAgent[];
    clients: TerminalClient[];
  };
  s.agents = [];
  s.clients = [];
  beforeAll(async () => {
    [s.firstHub, s.firstBus] = await Promise.all([RedisLinkHub.connect(redisUrl!), RedisEventBus.connect(redisUrl!)]);
    s.first = await createTestApp({ terminalLimits: { accessCheckMs: CHECK_MS } }, {}, { linkHub: s.firstHub, eventBus: s.firstBus });
    const [secondHub, secondBus] = await Promise.all([RedisLinkHub.connect(redisUrl!), RedisEventBus.connect(redisUrl!)]);
    s.second = await buildApp({ db: s.first.database.db, config: s.first.app.config, linkHub: secondHub, eventBus: secondBus });
    s.second.addHook('onClose', async () => void (await Promise.all([secondHub.close(), secondBus.close()])));
    s.firstUrl = await s.first.app.listen({ port: 0, host: '127.0.0.1' });
    s.secondUrl = await s.second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of s.clients) c.close();
    await Promise.all(s.agents.map((a) => a.client.stop()));
    await s.second?.close();
    await s.first?.close();
    await Promise.allSettled([s.firstHub?.close(), s.firstBus?.close()]);
  });
  return s;
}

/** A device linked to the first process and a running shell on it, opened through the second. */
async function shellThroughSecond(p: ReturnType<typeof useTwoProcesses>) {
  const fleet = await createFleetWithProvisioningKey(p.first.database.db);
  const { device, agent } = await linkedTestDevice(p.first.app, p.firstUrl, fleet);
  p.agents.push(agent!);
  const { token } = await sessionUser(p.first.app, fleet, 'operator');
  const client = await openTerminal(p.secondUrl, device.uuid, { token, target: { kind: 'service', serviceName: 'main' } });
  p.clients.push(client);
  await expect.poll(() => client.text()).toContain('root@main:/# ');
  return { device, agent: agent!, token, client };
}

describe.runIf(redisUrl)('a terminal whose link holder is gone (Redis)', () => {
  const p = useTwoProcesses();

  /** A device linked to the first process, a running terminal on it through the second, then the first cut off. */
  async function terminalThenHolderGone(): Promise<{ client: TerminalClient; agent: TestAgent; device: { id: number; uuid: string; apiKey: string } }> {
    const { device, agent, client } = await shellThroughSecond(p);
    client.type('echo still here\r');
    await expect.poll(() => client.text()).toContain('still here\r\n');
    // Several checks pass while the link holds the session.
    await new Promise((done) => setTimeout(done, CHECK_MS * 4));
    expect(client.messages.some((m) => m.type === 'ssh-disconnect')).toBe(false);
    // The first process is "killed": it is off Redis, and the device's socket (with its shell) goes.
    await p.firstBus.close();
    await p.firstHub.close();
    await agent.client.stop();
    return { client, agent, device };
  }

  it('ends the session when the process holding the device link is gone', async () => {
    const { client } = await terminalThenHolderGone();
    const closed = await Promise.race([client.closed, new Promise((done) => setTimeout(() => done('still open'), CHECK_MS * 10))]);
    expect(closed).toMatchObject({ code: TERMINAL_CLOSE.ended });
    expect(client.messages.at(-1)).toEqual({ type: 'ssh-disconnect', code: null });
  });
});

describe.runIf(redisUrl)('a terminal whose device re-linked to another process (Redis)', () => {
  const p = useTwoProcesses();

  it('tells the browser its session ended once the device links anew elsewhere, idle or typing', async () => {
    const { device, agent, token, client: idle } = await shellThroughSecond(p);
    // The first process is "killed": off Redis (its presence key left behind, as a killed process leaves it), the device's socket gone.
    // The device links again, to the second.
    await p.firstBus.close();
    await p.firstHub.close();
    await agent.client.stop();
    const relinked = startAgent(p.secondUrl, device);
    p.agents.push(relinked);
    await expect.poll(() => p.second.linkHub.localLinks()).toContain(device.uuid);
    await waitLinked(p.first.database.db, device.id, true);
    const closed = await Promise.race([idle.closed, new Promise((done) => setTimeout(() => done('still open'), CHECK_MS * 10))]);
    expect(closed).toMatchObject({ code: TERMINAL_CLOSE.ended });
    expect(idle.messages.at(-1)).toEqual({ type: 'ssh-disconnect', code: null });
    // A new session on the new link works.
    const fresh = await openTerminal(p.secondUrl, device.uuid, { token, target: { kind: 'service', serviceName: 'main' } });
    p.clients.push(fresh);
    await expect.poll(() => fresh.text()).toContain('root@main:/# ');
  });
});
