import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToDeviceMessage, DEVICE_LINK_PATH, parseLinkFrame } from '@flotilla/core/device-link';
import { TERMINAL_MAX_DATA, type TerminalTarget } from '@flotilla/core/terminal';
import { TERMINAL_CLOSE, TERMINAL_MAX_FRAME_BYTES } from '@flotilla/core/terminal-protocol';
import { addressKey } from '../auth/client-address.ts';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import type { TestDevice } from '../device-link/device-link-test-device.ts';
import { linkedTestDevice, openTerminal, sessionUser, waitLinked, type TerminalClient, type TestAgent } from './terminal-test-support.ts';
import { TERMINAL_MAX_PENDING_PER_ADDRESS, terminalSessionsOf } from './terminal-sessions.ts';

/**
 * What one browser socket may cost the server (terminal-session.ts): output it does not read,
 * a peer that is gone, frames over the terminal's own bound, and sockets that never
 * authenticate. Real sockets; the device is the real agent, or a hostile one played here.
 */
const CHECK_MS = 300;
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const agents: TestAgent[] = [];
const clients: TerminalClient[] = [];
const sockets: WebSocket[] = [];
const service: TerminalTarget = { kind: 'service', serviceName: 'main' };

beforeAll(async () => {
  ctx = await createTestApp({ terminalLimits: { accessCheckMs: CHECK_MS } });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of sockets) s.terminate();
  await Promise.all(agents.map((a) => a.client.stop()));
  await ctx?.close();
});

async function terminal(uuid: string, opts: Parameters<typeof openTerminal>[2]): Promise<TerminalClient> {
  const client = await openTerminal(baseUrl, uuid, opts);
  clients.push(client);
  return client;
}

async function connected(uuid: string, opts: Parameters<typeof openTerminal>[2]): Promise<TerminalClient> {
  const client = await terminal(uuid, opts);
  await expect.poll(() => client.messages.some((m) => m.type === 'ssh-connect')).toBe(true);
  return client;
}

const closeOf = async (client: TerminalClient) => {
  const c = await client.closed;
  return 'refusedWith' in c ? `refused ${c.refusedWith}` : `${c.code} ${c.reason}`;
};

/** A device of the user's own that opens every shell and then writes output as fast as its link takes it, up to `totalBytes`. */
async function floodingDevice(device: TestDevice, totalBytes: number): Promise<{ closedSessions: string[]; sentBytes: () => number }> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${DEVICE_LINK_PATH}`, { headers: { authorization: `Bearer ${device.apiKey}` } });
  sockets.push(socket);
  socket.on('error', () => undefined);
  const closedSessions: string[] = [];
  let sent = 0;
  socket.on('message', (data) => {
    const frame = parseLinkFrame(apiToDeviceMessage, data.toString());
    if (frame?.type === 'terminal-close') closedSessions.push(frame.session);
    if (frame?.type !== 'terminal-open') return;
    const session = frame.session;
    socket.send(JSON.stringify({ type: 'terminal-opened', session }));
    const output = JSON.stringify({ type: 'terminal-output', session, data: 'x'.repeat(TERMINAL_MAX_DATA) });
    const pump = () => {
      if (socket.readyState !== WebSocket.OPEN || closedSessions.includes(session)) return;
      // Only as fast as the link takes it: the flood is the API's to bear, not this test process's.
      while (sent < totalBytes && socket.bufferedAmount < 1024 * 1024) {
        socket.send(output);
        sent += output.length;
      }
      if (sent < totalBytes) setTimeout(pump, 2);
    };
    pump();
  });
  await new Promise<void>((done) => socket.once('open', () => done()));
  await waitLinked(db, device.id, true);
  return { closedSessions, sentBytes: () => sent };
}

describe('output the browser does not read', () => {
  it(`ends the session once more than TERMINAL_MAX_BUFFERED_BYTES wait for the browser, closing with outputBacklog`, async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device } = await linkedTestDevice(ctx.app, baseUrl, fleet, { link: false });
    // Well past what the kernel's socket buffers absorb on loopback (a few MiB) plus the bound.
    const flood = await floodingDevice(device, 64 * 1024 * 1024);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    const client = await terminal(device.uuid, { token, target: service });
    await expect.poll(() => client.messages.some((m) => m.type === 'ssh-connect')).toBe(true);
    client.pause();
    await expect.poll(() => terminalSessionsOf(ctx.app).countFor(device.uuid), { timeout: 15_000 }).toBe(0);
    // The device is told the session ended, and stops long before its 64 MiB.
    await expect.poll(() => flood.closedSessions.length).toBe(1);
    expect(flood.sentBytes()).toBeLessThan(64 * 1024 * 1024);
    client.resume();
    expect(await closeOf(client)).toBe(`${TERMINAL_CLOSE.outputBacklog} outputBacklog`);
  }, 30_000);
});

describe('a browser that is gone', () => {
  it('is cut off when it stops answering pings, and its slot is freed; a browser that answers keeps its shell', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, agent } = await linkedTestDevice(ctx.app, baseUrl, fleet);
    agents.push(agent!);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    const alive = await connected(device.uuid, { token, target: service });
    const gone = await connected(device.uuid, { token, target: service, autoPong: false });
    expect(terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(2);
    // Cut off (no close frame: there is no one to read it) within two checks.
    const closed = await Promise.race([gone.closed, new Promise<null>((done) => setTimeout(() => done(null), CHECK_MS * 6))]);
    expect(closed).toMatchObject({ code: 1006 });
    await expect.poll(() => terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(1);
    alive.type('echo still here\r');
    await expect.poll(() => alive.text()).toContain('still here\r\n');
    alive.close();
  });
});

describe('frames over TERMINAL_MAX_FRAME_BYTES', () => {
  /** A valid message padded with JSON whitespace to exactly `bytes`. */
  const padded = (message: object, bytes: number) => {
    const json = JSON.stringify(message);
    return `${json.slice(0, -1)}${' '.repeat(bytes - json.length)}}`;
  };

  it('closes the socket with 1009 however valid the message, before and after auth; a frame at the bound is taken', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, agent } = await linkedTestDevice(ctx.app, baseUrl, fleet);
    agents.push(agent!);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');

    const early = await terminal(device.uuid, { token, target: service, authenticates: false });
    early.sendRaw(padded({ type: 'auth', token, target: service, size: { cols: 80, rows: 24 } }, TERMINAL_MAX_FRAME_BYTES + 1));
    expect(await closeOf(early)).toBe(`${TERMINAL_CLOSE.tooBig} message too big`);

    const client = await connected(device.uuid, { token, target: service });
    client.sendRaw(padded({ type: 'data', data: 'echo at the bound\r' }, TERMINAL_MAX_FRAME_BYTES));
    await expect.poll(() => client.text()).toContain('at the bound\r\n');
    client.sendRaw(padded({ type: 'data', data: 'echo past the bound\r' }, TERMINAL_MAX_FRAME_BYTES + 1));
    expect(await closeOf(client)).toBe(`${TERMINAL_CLOSE.tooBig} message too big`);
    expect(client.text()).not.toContain('past the bound\r\n');
    await expect.poll(() => terminalSessionsOf(ctx.app).countFor(device.uuid)).toBe(0);
  });
});

describe('sockets awaiting auth', () => {
  it(`refuses one beyond ${TERMINAL_MAX_PENDING_PER_ADDRESS} from one address as tooManySessions; authenticating frees a place`, async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const { device, agent } = await linkedTestDevice(ctx.app, baseUrl, fleet);
    agents.push(agent!);
    const { token } = await sessionUser(ctx.app, fleet, 'developer');
    const sessions = terminalSessionsOf(ctx.app);
    const address = addressKey('127.0.0.1');
    const waiting: TerminalClient[] = [];
    for (let i = 0; i < TERMINAL_MAX_PENDING_PER_ADDRESS; i += 1) waiting.push(await terminal(device.uuid, { token, target: service, authenticates: false }));
    await expect.poll(() => sessions.pending.heldBy(address)).toBe(TERMINAL_MAX_PENDING_PER_ADDRESS);
    const refused = await terminal(device.uuid, { token, target: service, authenticates: false });
    expect(await closeOf(refused)).toBe(`${TERMINAL_CLOSE.unavailable} tooManySessions`);
    // One of them authenticates: its session opens and its place is free for another socket.
    waiting[0]!.authenticate();
    await expect.poll(() => waiting[0]!.messages.some((m) => m.type === 'ssh-connect')).toBe(true);
    expect(sessions.pending.heldBy(address)).toBe(TERMINAL_MAX_PENDING_PER_ADDRESS - 1);
    const next = await connected(device.uuid, { token, target: service });
    for (const c of [...waiting, next]) c.close();
    await expect.poll(() => sessions.pending.heldBy(address)).toBe(0);
    await expect.poll(() => sessions.countFor(device.uuid)).toBe(0);
  });
});
