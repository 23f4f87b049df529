// The server as operators run it: environment validated before anything opens, JSON logs at
// info by default, and a graceful stop on SIGTERM that is bounded by SHUTDOWN_TIMEOUT_MS.
// The server process uses the embedded database here whatever DATABASE_URL the suite has:
// what is under test is start and stop, not SQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { createFleetWithProvisioningKey, newDeviceUuid } from './devices/device-test-factories.ts';
import { EnvError } from './lib/env.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const ROOT = join(dirname(SERVER), '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-server-'));
  dirs.push(dir);
  return dir;
}

/** The environment of a fresh install on this machine: no inherited LOG_LEVEL, PORT or database. */
function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return { ...env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(), DATABASE_URL: '', WEB_DIST: join(tempDir(), 'no-build'), ...extra };
}

interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  logLines(): Record<string, unknown>[];
  waitForLog(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
}

function runServer(env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logLines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    process: child,
    stdout: () => out,
    stderr: () => err,
    exited,
    logLines,
    async waitForLog(msg, timeoutMs = 90_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const line = logLines().find((l) => l.msg === msg);
        if (line) return line;
        if (child.exitCode !== null || Date.now() > until) throw new Error(`no "${msg}" log line; exit ${child.exitCode}\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * Opens a connection and sends a request whose body is not finished: it stays in flight.
 * `Expect: 100-continue` makes Node answer "100 Continue" as it hands the request to Fastify,
 * so once that arrives the request is being handled, not just a connection (an idle
 * connection would simply be closed by the shutdown).
 */
async function startRequest(port: number, body: string, sendFirst: number): Promise<{ socket: Socket; finish(): void; response: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let onContinue: () => void = () => undefined;
  const continued = new Promise<void>((resolve) => (onContinue = resolve));
  const response = new Promise<string>((resolve) => {
    socket.on('data', (c: Buffer) => {
      received += c.toString();
      if (received.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        received = received.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
        onContinue();
      }
    });
    socket.on('close', () => resolve(received));
  });
  socket.write(`POST /login_ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
  await continued;
  socket.write(body.slice(0, sendFirst));
  return { socket, finish: () => socket.write(body.slice(sendFirst)), response };
}

describe('an invalid environment', () => {
  it('stops startServer with a message naming the variable, before anything is opened', async () => {
    const dataDir = join(tempDir(), 'never-created');
    await expect(startServer({ PORT: 'abc', DATA_DIR: dataDir })).rejects.toThrow(EnvError);
    await expect(startServer({ PORT: 'abc', DATA_DIR: dataDir })).rejects.toThrow(/PORT: must be a whole number from 0 to 65535/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('ends the process with code 1 and one readable message, no stack trace', async () => {
    const child = runServer(baseEnv({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:hunter2@db/flotilla' }));
    expect(await child.exited).toBe(1);
    const stderr = child.stderr();
    expect(stderr).toContain('Flotilla cannot start. Invalid environment:');
    expect(stderr).toMatch(/PORT: must be a whole number/);
    expect(stderr).toMatch(/LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(stderr).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(stderr).not.toContain('hunter2');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe('a running server', () => {
  it('logs JSON at info by default, one line per request with its id, and stops cleanly on SIGTERM', async () => {
    const child = runServer(baseEnv({}));
    const started = await child.waitForLog('Flotilla API started');
    expect(started).toMatchObject({ level: 30, database: 'pglite' });
    const port = Number(new URL(String(started.url)).port);
    const res = await fetch(`http://127.0.0.1:${port}/ping`, { headers: { 'x-request-id': 'probe-1' } });
    expect(await res.text()).toBe('OK');
    expect(res.headers.get('x-request-id')).toBe('probe-1');
    const line = await child.waitForLog('request completed');
    expect(line).toMatchObject({ reqId: 'probe-1', req: { method: 'GET', url: '/ping' }, res: { statusCode: 200 } });

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(child.logLines().map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  }, 120_000);

  it('exits non-zero with a log line when shutting down takes longer than SHUTDOWN_TIMEOUT_MS', async () => {
    const child = runServer(baseEnv({ SHUTDOWN_TIMEOUT_MS: '300' }));
    const started = await child.waitForLog('Flotilla API started');
    const port = Number(new URL(String(started.url)).port);
    const stuck = await startRequest(port, '{"username":"a@b.c","password":"whatever1"}', 10);
    const signalledAt = Date.now();
    child.process.kill('SIGTERM');
    const code = await child.exited;
    const elapsed = Date.now() - signalledAt;
    expect(code, `${child.stdout()}\n${child.stderr()}`).toBe(1);
    expect(elapsed).toBeLessThan(20_000);
    expect(child.logLines().find((l) => l.msg === 'shutdown timed out; exiting with requests or jobs still running')).toMatchObject({ level: 50, timeoutMs: 300 });
    stuck.socket.destroy();
  }, 120_000);

  it('clears the links an earlier run left marked connected when it starts alone (no Redis)', async () => {
    const env = baseEnv({ LOG_LEVEL: 'silent', REDIS_URL: '' });
    const first = await startServer(env);
    const fleet = await createFleetWithProvisioningKey(first.database.db);
    const actor = await first.database.db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const deviceType = await first.database.db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow();
    await first.database.db
      .insertInto('device')
      .values({ actor: actor.id, uuid: newDeviceUuid(), device_name: 'crashed-with-link', belongs_to__application: fleet.applicationId, is_of__device_type: deviceType.id, is_connected_to_vpn: true, is_online: true })
      .execute();
    await first.stop();
    const second = await startServer(env);
    try {
      const row = await second.database.db.selectFrom('device').select(['is_connected_to_vpn', 'is_online']).where('device_name', '=', 'crashed-with-link').executeTakeFirstOrThrow();
      expect(row).toEqual({ is_connected_to_vpn: false, is_online: false });
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('lets an in-flight request finish while refusing new connections, then closes', async () => {
    const server = await startServer(baseEnv({ LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: '20000' }));
    const port = (server.app.server.address() as { port: number }).port;
    const body = JSON.stringify({ username: 'nobody@example.com', password: 'not the password' });
    const inFlight = await startRequest(port, body, 5);

    let finished = false;
    const shutdown = server.shutdown('test').then((code) => {
      finished = true;
      return code;
    });
    // New connections are refused once the listener is closed.
    const attempt = () => fetch(`http://127.0.0.1:${port}/ping`).then(() => 'answered', () => 'refused');
    await expect.poll(attempt, { timeout: 10_000 }).toBe('refused');
    expect(finished).toBe(false); // still waiting for the request

    inFlight.finish();
    const response = await inFlight.response;
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
    expect(await shutdown).toBe(0);
    await expect(server.database.db.selectFrom('user').select('id').execute()).rejects.toThrow();
  }, 120_000);
});
