import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_CLOSE } from '@flotilla/core/terminal-protocol';
import type { TerminalTarget } from '@flotilla/core/terminal';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { linkedTestDevice, openTerminal, sessionUser, startAgent, waitLinked, type TerminalClient, type TestAgent } from './terminal-test-support.ts';

/**
 * The web terminal end to end through the API (fleets spec §4 "Terminal session", §5 "Terminal
 * start", §6 ssh / ssh-host by role, §7 "Terminal"): a real browser-like socket, the real agent's
 * link with its simulated shell, on PGlite (and PostgreSQL with DATABASE_URL).
 */
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const agents: TestAgent[] = [];
const clients: TerminalClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(agents.map((a) => a.client.stop()));
  await ctx?.close();
});

const service: TerminalTarget = { kind: 'service', serviceName: 'main' };
const host: TerminalTarget = { kind: 'host' };

async function terminal(uuid: string, opts: Parameters<typeof openTerminal>[2]): Promise<TerminalClient> {
  const client = await openTerminal(baseUrl, uuid, opts);
  clients.push(client);
  return client;
}

async function linked(fleet: TestFleetWithKey) {
  const { device, agent } = await linkedTestDevice(ctx.app, baseUrl, fleet);
  agents.push(agent!);
  return { device, agent: agent! };
}

/** How a session attempt went: `connected` once the device opened the shell, else the close. */
async function outcome(client: TerminalClient): Promise<string> {
  const connected = new Promise<string>((done) => {
    const timer = setInterval(() => {
      if (client.messages.some((m) => m.type === 'ssh-connect')) {
        clearInterval(timer);
        done('connected');
      }
    }, 20);
    void client.closed.then(() => clearInterval(timer));
  });
  const ended = client.closed.then((c) => ('refusedWith' in c ? `refused ${c.refusedWith}` : `${c.code} ${c.reason}`));
  const result = await Promise.race([connected, ended]);
  client.close();
  return result;
}

describe('a terminal session', () => {
  it('opens a shell in a service, runs a command and sees its output, and resizes', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, agent } = await linked(fleet);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    const client = await terminal(device.uuid, { token, target: service, size: { cols: 100, rows: 30 } });
    await expect.poll(() => client.messages.map((m) => m.type).slice(0, 2)).toEqual(['ready', 'ssh-connect']);
    await expect.poll(() => client.text()).toContain('root@main:/# ');
    client.type('echo terminal works\r');
    await expect.poll(() => client.text()).toContain('terminal works\r\n');
    expect(agent.sizes[0]).toEqual({ cols: 100, rows: 30 });
    client.resize({ cols: 132, rows: 43 });
    await expect.poll(() => agent.sizes.at(-1)).toEqual({ cols: 132, rows: 43 });
    client.type('exit 7\r');
    await expect.poll(() => client.messages.at(-1)).toEqual({ type: 'ssh-disconnect', code: 7 });
    expect(await client.closed).toMatchObject({ code: TERMINAL_CLOSE.ended });
  });

  it('opens the host OS with its own prompt', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linked(fleet);
    const { token } = await sessionUser(ctx.app, fleet, 'operator');
    const client = await terminal(device.uuid, { token, target: host });
    await expect.poll(() => client.text()).toContain(`root@${device.uuid.slice(0, 7)}:/# `);
  });

  it('ends the session with ssh disconnect when the device link drops', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, agent } = await linked(fleet);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    const client = await terminal(device.uuid, { token, target: service });
    await expect.poll(() => client.messages.some((m) => m.type === 'ssh-connect')).toBe(true);
    await agent.client.stop();
    expect(await client.closed).toMatchObject({ code: TERMINAL_CLOSE.ended });
    expect(client.messages.at(-1)).toEqual({ type: 'ssh-disconnect', code: null });
  });
});

describe('who may open a terminal (fleets spec §6)', () => {
  // Every fleet role of the spec's tables; observer is the one without ssh and ssh-host.
  const cases: Array<{ role: string; allowed: boolean }> = [
    { role: 'observer', allowed: false },
    { role: 'safe-operator', allowed: true },
    { role: 'operator', allowed: true },
    { role: 'safe-developer', allowed: true },
    { role: 'developer', allowed: true },
    { role: 'administrator', allowed: true },
    { role: 'organization administrator', allowed: true },
  ];
  for (const { role, allowed } of cases) {
    it(`${role}: ${allowed ? 'opens' : 'is refused'} a service and the host OS`, async () => {
      const fleet = await createFleetWithProvisioningKey(db);
      const { device } = await linked(fleet);
      const { token } = await sessionUser(ctx.app, fleet, role);
      for (const target of [service, host]) {
        const expected = allowed ? 'connected' : `${TERMINAL_CLOSE.unauthorized} unauthorized`;
        expect(await outcome(await terminal(device.uuid, { token, target })), `${role} ${target.kind}`).toBe(expected);
      }
      const hostos = await ctx.app.inject({ method: 'GET', url: `/access/v1/hostos/${device.uuid}`, headers: { authorization: `Bearer ${token}` } });
      expect(hostos.statusCode).toBe(allowed ? 200 : 401);
    });
  }

  it('support agents (on a fleet open to support) and platform admins may; a stranger may not, as for a missing device', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    await db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', fleet.applicationId).execute();
    const { device } = await linked(fleet);
    const support = await sessionUser(ctx.app, fleet, null, { is_support_agent: true });
    const admin = await sessionUser(ctx.app, fleet, null, { is_platform_admin: true });
    const stranger = await sessionUser(ctx.app, fleet, null);
    for (const target of [service, host]) {
      expect(await outcome(await terminal(device.uuid, { token: support.token, target }))).toBe('connected');
      expect(await outcome(await terminal(device.uuid, { token: admin.token, target }))).toBe('connected');
      expect(await outcome(await terminal(device.uuid, { token: stranger.token, target }))).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
    }
    expect(await outcome(await terminal('0123456789abcdef0123456789abcdef', { token: admin.token, target: host }))).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
    const hostos = await ctx.app.inject({ method: 'GET', url: `/access/v1/hostos/${device.uuid}`, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(hostos.statusCode).toBe(401);
  });

  it('refuses a user API key, a device key, a provisioning key and junk: only a session token opens a terminal', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linked(fleet);
    const userKey = await createUserWithKey(db, fleet.applicationId, 'administrator');
    for (const token of [userKey.apiKey, device.apiKey, fleet.provisioningKey, 'junk']) {
      expect(await outcome(await terminal(device.uuid, { token, target: service })), token).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
    }
  });

  it('refuses a page of another origin, and a client without an Origin, before the upgrade', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linked(fleet);
    const { token } = await sessionUser(ctx.app, fleet, 'administrator');
    expect(await outcome(await terminal(device.uuid, { token, target: service, origin: 'https://evil.example.com' }))).toBe('refused 403');
    expect(await outcome(await terminal(device.uuid, { token, target: service, origin: null }))).toBe('refused 403');
  });
});

describe('when a terminal cannot start (fleets spec §5 "Terminal start", §8)', () => {
  it('refuses an offline device as not linked, and connects once it links', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, agent } = await linked(fleet);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    await agent.client.stop();
    await waitLinked(db, device.id, false);
    expect(await outcome(await terminal(device.uuid, { token, target: service }))).toBe(`${TERMINAL_CLOSE.unavailable} notLinked`);
    agents.push(startAgent(baseUrl, device));
    await waitLinked(db, device.id, true);
    expect(await outcome(await terminal(device.uuid, { token, target: service }))).toBe('connected');
  });

  it('refuses a service in local mode, a stopped container and the host OS of an old OS', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linked(fleet);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    await db.insertInto('device_config_variable').values({ device: device.id, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }).execute();
    expect(await outcome(await terminal(device.uuid, { token, target: service }))).toBe(`${TERMINAL_CLOSE.unavailable} localMode`);
    // Local mode closes the services, not the host.
    expect(await outcome(await terminal(device.uuid, { token, target: host }))).toBe('connected');
    await db.deleteFrom('device_config_variable').where('device', '=', device.id).execute();
    await db.updateTable('image_install').set({ status: 'Stopped' }).where('device', '=', device.id).execute();
    expect(await outcome(await terminal(device.uuid, { token, target: service }))).toBe(`${TERMINAL_CLOSE.unavailable} notRunning`);
    expect(await outcome(await terminal(device.uuid, { token, target: { kind: 'service', serviceName: 'absent' } }))).toBe(`${TERMINAL_CLOSE.unavailable} notRunning`);
    await db.updateTable('device').set({ os_version: 'Resin OS 2.3.0+rev1' }).where('id', '=', device.id).execute();
    expect(await outcome(await terminal(device.uuid, { token, target: host }))).toBe(`${TERMINAL_CLOSE.unavailable} oldOs`);
  });

  it('closes a socket whose first message is not a terminal auth', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linked(fleet);
    const client = await terminal(device.uuid, { token: '', target: service });
    expect(await outcome(client)).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
  });
});
