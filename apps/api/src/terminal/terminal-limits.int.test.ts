import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_CLOSE } from '@flotilla/core/terminal-protocol';
import type { TerminalTarget } from '@flotilla/core/terminal';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { linkedTestDevice, openTerminal, sessionUser, type TerminalClient, type TestAgent } from './terminal-test-support.ts';
import { terminalSessionsOf } from './terminal-sessions.ts';

/**
 * A running terminal session keeps being checked (fleets spec §4, §6): removed from the fleet,
 * lowered to observer, or with a revoked session token, the user loses the shell within the
 * check interval, closed as unauthorized (the dashboard then fails the session). And the server
 * caps sessions per user and device, per user, and per process. Real sockets, the real agent's
 * link, on PGlite (and PostgreSQL with DATABASE_URL).
 */
const CHECK_MS = 300;
const PER_USER_DEVICE = 2;
const PER_USER = 4;
const MAX_SESSIONS = 5;
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const agents: TestAgent[] = [];
const clients: TerminalClient[] = [];
const service: TerminalTarget = { kind: 'service', serviceName: 'main' };

beforeAll(async () => {
  ctx = await createTestApp({ terminalLimits: { accessCheckMs: CHECK_MS, maxPerUserDevice: PER_USER_DEVICE, maxPerUser: PER_USER, maxSessions: MAX_SESSIONS } });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(agents.map((a) => a.client.stop()));
  await ctx?.close();
});

async function linked(fleet: TestFleetWithKey) {
  const { device, agent } = await linkedTestDevice(ctx.app, baseUrl, fleet);
  agents.push(agent!);
  return device;
}

/** A session that reached the shell. */
async function connected(uuid: string, token: string): Promise<TerminalClient> {
  const client = await openTerminal(baseUrl, uuid, { token, target: service });
  clients.push(client);
  await expect.poll(() => client.messages.some((m) => m.type === 'ssh-connect')).toBe(true);
  return client;
}

const closeOf = async (client: TerminalClient) => {
  const c = await client.closed;
  return 'refusedWith' in c ? `refused ${c.refusedWith}` : `${c.code} ${c.reason}`;
};

const api = (method: 'DELETE' | 'PATCH' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function membershipId(userId: number, fleetId: number): Promise<number> {
  const row = await db.selectFrom('user_application_membership').select('id').where('user', '=', userId).where('is_member_of__application', '=', fleetId).executeTakeFirstOrThrow();
  return row.id;
}

/** Resolves when the session closes, rejects if it is still open after `ms`. */
async function closesWithin(client: TerminalClient, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`still open after ${ms} ms`)), ms)));
  try {
    return await Promise.race([closeOf(client), late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('access is checked again while a session runs', () => {
  it('ends the shell of a developer removed from the fleet through the API, as unauthorized', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await linked(fleet);
    const admin = await sessionUser(ctx.app, fleet, 'organization administrator');
    const dev = await sessionUser(ctx.app, fleet, 'developer');
    const client = await connected(device.uuid, dev.token);
    // Still open across several checks while the membership stands.
    await new Promise((r) => setTimeout(r, CHECK_MS * 3));
    client.type('echo still here\r');
    await expect.poll(() => client.text()).toContain('still here\r\n');
    const removed = await api('DELETE', `/v7/user_application_membership(${await membershipId(dev.userId, fleet.applicationId)})`, admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await closesWithin(client, CHECK_MS * 4)).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
    await expect.poll(() => terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(0);
  });

  it('ends the shell of a developer lowered to observer', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await linked(fleet);
    const admin = await sessionUser(ctx.app, fleet, 'organization administrator');
    const dev = await sessionUser(ctx.app, fleet, 'developer');
    const client = await connected(device.uuid, dev.token);
    const observer = await db.selectFrom('application_membership_role').select('id').where('name', '=', 'observer').executeTakeFirstOrThrow();
    const lowered = await api('PATCH', `/v7/user_application_membership(${await membershipId(dev.userId, fleet.applicationId)})`, admin.token, { application_membership_role: observer.id });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await closesWithin(client, CHECK_MS * 4)).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
  });

  it('ends the shell opened with a session token revoked by logging out other sessions', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await linked(fleet);
    const dev = await sessionUser(ctx.app, fleet, 'developer');
    const client = await connected(device.uuid, dev.token);
    const logout = await api('POST', '/user/v1/logout-others', dev.token);
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await closesWithin(client, CHECK_MS * 4)).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
    // The token logout-others handed back still opens a terminal: it is the old one that lost access.
    const again = await connected(device.uuid, logout.body);
    again.close();
  });

  it('ends the shell of a device frozen while linked, and opens no new one', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await linked(fleet);
    const dev = await sessionUser(ctx.app, fleet, 'developer');
    const client = await connected(device.uuid, dev.token);
    await db.updateTable('device').set({ is_frozen: true }).where('id', '=', device.id).execute();
    expect(await closesWithin(client, CHECK_MS * 4)).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
    // And no new one opens.
    const refused = await openTerminal(baseUrl, device.uuid, { token: dev.token, target: service });
    clients.push(refused);
    expect(await closeOf(refused)).toBe(`${TERMINAL_CLOSE.unauthorized} unauthorized`);
  });
});

describe('session caps', () => {
  it(`refuses a user's session beyond ${PER_USER_DEVICE} on one device; another user, or a slot freed, is let in`, async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const device = await linked(fleet);
    const dev = await sessionUser(ctx.app, fleet, 'developer');
    const other = await sessionUser(ctx.app, fleet, 'developer');
    const open = [await connected(device.uuid, dev.token), await connected(device.uuid, dev.token)];
    const refused = await openTerminal(baseUrl, device.uuid, { token: dev.token, target: service });
    clients.push(refused);
    expect(await closeOf(refused)).toBe(`${TERMINAL_CLOSE.unavailable} tooManySessions`);
    const theirs = await connected(device.uuid, other.token);
    expect(terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(3);
    open[0]!.close();
    await expect.poll(() => terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(2);
    const freed = await connected(device.uuid, dev.token);
    for (const c of [open[1]!, theirs, freed]) c.close();
    await expect.poll(() => terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(0);
  });

  it(`refuses a user's session beyond ${PER_USER} across their devices, however many devices they have`, async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const devices = [await linked(fleet), await linked(fleet), await linked(fleet)];
    const dev = await sessionUser(ctx.app, fleet, 'developer');
    const other = await sessionUser(ctx.app, fleet, 'developer');
    const open: TerminalClient[] = [];
    for (const d of devices.slice(0, 2)) for (let i = 0; i < PER_USER_DEVICE; i += 1) open.push(await connected(d.uuid, dev.token));
    expect(terminalSessionsOf(ctx.app).countOf(dev.userId)).toBe(PER_USER);
    // A device they hold no session on yet: its own cap would let them in, theirs does not.
    const refused = await openTerminal(baseUrl, devices[2]!.uuid, { token: dev.token, target: service });
    clients.push(refused);
    expect(await closeOf(refused)).toBe(`${TERMINAL_CLOSE.unavailable} tooManySessions`);
    const theirs = await connected(devices[2]!.uuid, other.token);
    open[0]!.close();
    await expect.poll(() => terminalSessionsOf(ctx.app).countOf(dev.userId)).toBe(PER_USER - 1);
    const freed = await connected(devices[2]!.uuid, dev.token);
    for (const c of [...open, theirs, freed]) c.close();
    await expect.poll(() => terminalSessionsOf(ctx.app).size).toBe(0);
  });

  it(`refuses a session beyond ${MAX_SESSIONS} on the process, whoever asks`, async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const devices = [await linked(fleet), await linked(fleet), await linked(fleet)];
    const users = [await sessionUser(ctx.app, fleet, 'developer'), await sessionUser(ctx.app, fleet, 'developer')];
    const open: TerminalClient[] = [];
    // Each user up to their own caps, until the process holds MAX_SESSIONS.
    for (const user of users) {
      for (const d of devices) {
        for (let i = 0; i < PER_USER_DEVICE && open.length < MAX_SESSIONS && terminalSessionsOf(ctx.app).countOf(user.userId) < PER_USER; i += 1) open.push(await connected(d.uuid, user.token));
      }
    }
    expect(terminalSessionsOf(ctx.app).size).toBe(MAX_SESSIONS);
    const other = await sessionUser(ctx.app, fleet, 'developer');
    const refused = await openTerminal(baseUrl, devices[2]!.uuid, { token: other.token, target: service });
    clients.push(refused);
    expect(await closeOf(refused)).toBe(`${TERMINAL_CLOSE.unavailable} tooManySessions`);
    for (const c of open) c.close();
    await expect.poll(() => terminalSessionsOf(ctx.app).size).toBe(0);
  });
});
