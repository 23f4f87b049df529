import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../test/until.ts';
import { cuttableProxy, type CuttableProxy } from './redis-cut-proxy.ts';

/**
 * Redis going away under `npm start` / a cluster worker, and a start while it is away: the
 * server says so in its log (live/redis-errors.ts) instead of saying nothing while devices linked
 * to other processes, live events, log tails and terminals across processes stop. The outage is
 * a proxy in front of REDIS_URL that the test cuts (the Redis others use is not touched).
 */
const redisUrl = process.env.REDIS_URL;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER = join(ROOT, 'apps/api/src/server.ts');
const FAILED = 'Redis connection failed; cross-process live features wait for it (reconnecting)';

describe.runIf(redisUrl)('the server while Redis is away', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const proxies: CuttableProxy[] = [];

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const proxy of proxies) await proxy.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function runServer(redis: string): { child: ChildProcess; out: () => string; err: () => string; logs: () => Array<Record<string, unknown>> } {
    const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-redis-errors-'));
    dirs.push(dataDir);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: join(dataDir, 'no-build'), REDIS_URL: redis };
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const logs = () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { child, out: () => out, err: () => err, logs };
  }

  it('logs a lost Redis connection as an error, a few lines not hundreds, and starts once Redis is reachable', async () => {
    const proxy = await cuttableProxy(redisUrl!);
    proxies.push(proxy);
    // A start while Redis cannot be reached says why it waits, on stderr (no server log yet).
    proxy.cut();
    const server = runServer(proxy.url);
    await until('the start waiting for Redis to say so', async () => server.err(), (err) => err.includes(FAILED) || server.child.exitCode !== null, 90_000);
    expect(server.err()).toContain(FAILED);
    proxy.restore();
    await until('the server started', async () => server.logs(), (logs) => logs.some((l) => l.msg === 'Flotilla API started') || server.child.exitCode !== null, 90_000);
    expect(server.logs().some((l) => l.msg === 'Flotilla API started'), `${server.out()}\n${server.err()}`).toBe(true);

    // Redis goes away while it runs: an error line in the server's own log, naming the part.
    proxy.cut();
    await until('the lost connection logged', async () => server.logs().filter((l) => l.msg === FAILED), (lines) => lines.length > 0, 20_000);
    const failed = server.logs().filter((l) => l.msg === FAILED);
    expect(failed[0]).toMatchObject({ level: 50 });
    expect(['link hub', 'event bus']).toContain(failed[0]!.redis);
    // node-redis retries several times a second: the log gets a line per part, not one per try.
    await new Promise((done) => setTimeout(done, 2000));
    expect(server.logs().filter((l) => l.msg === FAILED).length).toBeLessThanOrEqual(2);
  }, 240_000);
});
