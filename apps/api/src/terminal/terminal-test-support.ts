import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TerminalSize, TerminalTarget } from '@flotilla/core/terminal';
import { serverTerminalMessage, terminalPath, type ServerTerminalMessage } from '@flotilla/core/terminal-protocol';
import type { Db } from '../db/database.ts';
import { signUp } from '../auth/test-helpers.ts';
import { createRelease, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, type TestDevice } from '../device-link/device-link-test-device.ts';
import { until } from '../test/until.ts';
import { LinkClient } from '../../../device/src/link/link-client.ts';
import type { ShellFactory } from '../../../device/src/shell/shell-session.ts';
import { SimulatedShell } from '../../../device/src/shell/simulated-shell.ts';
import { seedFileSystem } from '../../../device/src/shell/virtual-fs.ts';

/**
 * The two ends of a web terminal in the integration tests, both real: the browser's socket (a
 * `ws` client sending what the dashboard sends, with an Origin header) and the device agent's own
 * link client with the simulated shell (apps/device).
 */

export interface TerminalClient {
  messages: ServerTerminalMessage[];
  /** Everything the shell wrote. */
  text(): string;
  closed: Promise<{ code: number; reason: string } | { refusedWith: number }>;
  type(data: string): void;
  resize(size: TerminalSize): void;
  /** Sends the `auth` message (done on open unless `authenticates` is false). */
  authenticate(): void;
  /** Sends a text frame as it is. */
  sendRaw(text: string): void;
  /** Stops reading the socket (a browser that does not read what it is sent), and starts again. */
  pause(): void;
  resume(): void;
  close(): void;
}

export interface OpenTerminalOptions {
  token: string;
  target: TerminalTarget;
  size?: TerminalSize;
  /** Default: the server's own origin. null: no Origin header. */
  origin?: string | null;
  /** false: open the socket without sending `auth` (call authenticate() later). Default true. */
  authenticates?: boolean;
  /** false: do not answer the server's pings (a browser that is gone). Default true. */
  autoPong?: boolean;
}

export async function openTerminal(baseUrl: string, uuid: string, opts: OpenTerminalOptions): Promise<TerminalClient> {
  const origin = opts.origin === undefined ? baseUrl : opts.origin;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${terminalPath(uuid)}`, { autoPong: opts.autoPong ?? true, ...(origin === null ? {} : { origin }) });
  const messages: ServerTerminalMessage[] = [];
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string } | { refusedWith: number }>((done) => {
    socket.once('close', (code, reason) => done({ code, reason: reason.toString() }));
    socket.once('unexpected-response', (_request, response) => {
      done({ refusedWith: response.statusCode ?? 0 });
      socket.terminate();
    });
  });
  socket.on('message', (data) => {
    const parsed = serverTerminalMessage.safeParse(JSON.parse(data.toString()));
    if (parsed.success) messages.push(parsed.data);
  });
  const opened = await Promise.race([new Promise<boolean>((done) => socket.once('open', () => done(true))), closed.then(() => false)]);
  const sendRaw = (text: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
  };
  const send = (message: unknown) => sendRaw(JSON.stringify(message));
  const authenticate = () => send({ type: 'auth', token: opts.token, target: opts.target, size: opts.size ?? { cols: 80, rows: 24 } });
  if (opened && opts.authenticates !== false) authenticate();
  return {
    messages,
    text: () => messages.map((m) => (m.type === 'data' ? m.data : '')).join(''),
    closed,
    type: (data) => send({ type: 'data', data }),
    resize: (size) => send({ type: 'resize', size }),
    authenticate,
    sendRaw,
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    close: () => socket.close(),
  };
}

/** A device agent's link with the simulated shell; `sizes` records every size its shells were given. */
export interface TestAgent {
  client: LinkClient;
  sizes: TerminalSize[];
}

export function startAgent(baseUrl: string, device: TestDevice): TestAgent {
  const sizes: TerminalSize[] = [];
  const shells: ShellFactory = (target, size, io) => {
    sizes.push(size);
    const name = target.kind === 'host' ? `root@${device.uuid.slice(0, 7)}` : `root@${target.serviceName}`;
    const shell = new SimulatedShell(
      { fs: seedFileSystem({ uuid: device.uuid, hostname: device.uuid.slice(0, 7), osVersion: 'balenaOS 6.0.13' }), promptName: name, cwd: '/', env: { HOSTNAME: device.uuid.slice(0, 7) }, uname: 'Linux test', processes: [] },
      io,
    );
    return { input: (d) => shell.input(d), close: () => shell.close(), resize: (s) => sizes.push(s) };
  };
  const client = new LinkClient({ apiUrl: baseUrl, deviceKey: device.apiKey, mode: 'simulated', handler: async () => ({ status: 200, body: 'OK' }), shells, reconnectDelay: () => 50 });
  client.start();
  return { client, sizes };
}

/** A registered device on balenaOS 6 running service `main` (image install Running), linked through a real agent. */
export async function linkedTestDevice(app: FastifyInstance, baseUrl: string, fleet: TestFleetWithKey, opts: { link?: boolean } = {}): Promise<{ device: TestDevice; agent: TestAgent | null }> {
  const db = app.db;
  const device = await registerTestDevice(app, fleet);
  await db.updateTable('device').set({ os_version: 'balenaOS 6.0.13', supervisor_version: '17.0.0' }).where('id', '=', device.id).execute();
  const release = await createRelease(db, fleet.applicationId, { serviceName: 'main' });
  await db.insertInto('image_install').values({ device: device.id, installs__image: release.imageId, is_provided_by__release: release.releaseId, status: 'Running' }).execute();
  if (opts.link === false) return { device, agent: null };
  const agent = startAgent(baseUrl, device);
  await waitLinked(db, device.id, true);
  return { device, agent };
}

export async function waitLinked(db: Db, deviceId: number, linked: boolean): Promise<void> {
  await until(
    'the device link',
    async () => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', deviceId).executeTakeFirstOrThrow()).is_connected_to_vpn,
    (v) => v === linked,
  );
}

/** A signed-up user (a session token) with `role` on the fleet, or none. */
export async function sessionUser(app: FastifyInstance, fleet: { applicationId: number; organizationId: number }, role: string | null, flags: { is_support_agent?: boolean; is_platform_admin?: boolean } = {}): Promise<{ token: string; userId: number }> {
  const db = app.db;
  const user = await signUp(app, `term.${randomBytes(5).toString('hex')}@example.com`);
  const row = await db.selectFrom('user').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  if (Object.keys(flags).length > 0) await db.updateTable('user').set(flags).where('id', '=', row.id).execute();
  if (role === 'organization administrator') {
    const roleId = (await db.selectFrom('organization_membership_role').select('id').where('name', '=', 'administrator').executeTakeFirstOrThrow()).id;
    await db.insertInto('organization_membership').values({ user: row.id, is_member_of__organization: fleet.organizationId, organization_membership_role: roleId }).execute();
  } else if (role) {
    const roleRow = await db.selectFrom('application_membership_role').select('id').where('name', '=', role).executeTakeFirst();
    expect(roleRow, `fleet role ${role}`).toBeDefined();
    await db.insertInto('user_application_membership').values({ user: row.id, is_member_of__application: fleet.applicationId, application_membership_role: roleRow!.id }).execute();
  }
  return { token: user.token, userId: row.id };
}
