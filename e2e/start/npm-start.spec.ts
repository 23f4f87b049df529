// What `npm start` promises (issue: platform foundation, item 9): the whole stack in one
// process on the embedded database, a demo user whose fleet has 5 simulated devices online,
// a clean stop on Ctrl-C, and a second start that reuses the data; the demo devices have
// distinct locations for the map.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotOnFailure } from '../support/browser.ts';
import { DEMO_PLACES } from '../../scripts/demo-places.ts';
import { WEB_DIST } from '../support/stack.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_PASSWORD = 'demo-password-for-tests';
let dataDir: string;
let browser: Browser;
let page: Page | undefined;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Runs the stack `npm start` runs (after its install/build step) and waits for the banner. */
function startStack(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-stack.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PASSWORD, DEMO_POLL_INTERVAL_MS: '500', DATABASE_URL: '', WEB_DIST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /Dashboard:\s+(http\S+)/.exec(out)?.[1];
      if (url && /Ctrl-C stops everything/.test(out)) {
        clearTimeout(timer);
        resolve({ child, url, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before the banner:\n${out}`)));
  });
}

function stop(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code));
    started.child.kill('SIGINT');
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'flotilla-start-'));
  browser = await launchBrowser();
});
afterEach(async (ctx) => {
  await screenshotOnFailure(page, ctx.task.name, ctx.task.result?.state === 'fail');
});
afterAll(async () => {
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('prints the URL and demo sign-in, shows the demo fleet with 5 devices online, stops on Ctrl-C and reuses its data', async () => {
    const first = await startStack();
    expect(first.output()).toContain('demo@flotilla.local');
    expect(first.output()).toContain(DEMO_PASSWORD);
    expect((await fetch(`${first.url}/ping`).then((r) => r.text()))).toBe('OK');

    page = await browser.newPage();
    await page.goto(`${first.url}/login`);
    await page.getByLabel('Email').fill('demo@flotilla.local');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/fleets$/);
    await page.getByRole('link', { name: 'demo-fleet' }).click();
    await page.waitForURL(/\/fleets\/\d+$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Devices', exact: true }).click();
    await expect.poll(() => page!.locator('tbody tr').count(), { timeout: 30_000 }).toBe(5);
    await expect.poll(() => page!.getByRole('row').filter({ hasText: /online/i }).count(), { timeout: 30_000 }).toBe(5);
    await page.close();
    page = undefined;
    // The banner stays on screen: with devices polling and a browser signed in, no request lines
    // (npm start logs warnings and errors only unless LOG_LEVEL says otherwise).
    const afterBanner = first.output().split('Ctrl-C stops everything.')[1] ?? '';
    expect(afterBanner).toContain('Request logs: LOG_LEVEL=info npm start');
    expect(afterBanner).not.toContain('request completed');

    expect(await stop(first)).toBe(0);

    // Second start: same demo user and password, the same 5 devices (none registered twice).
    const second = await startStack();
    const login = await fetch(`${second.url}/login_`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'demo@flotilla.local', password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const token = await login.text();
    const count = await fetch(`${second.url}/v7/device/$count`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect(count).toEqual({ d: 5 });
    // Each demo device says where it is (scripts/demo-places.ts): five places, so the map spreads.
    const located = async () => {
      const res = await fetch(`${second.url}/v7/device?$select=latitude,longitude,location&$orderby=id asc`, { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()) as { d: Array<{ latitude: string | null; longitude: string | null; location: string | null }> };
    };
    await expect.poll(async () => (await located()).d.filter((d) => d.latitude !== null && d.longitude !== null).length, { timeout: 30_000 }).toBe(5);
    const places = (await located()).d;
    expect(new Set(places.map((d) => d.location))).toEqual(new Set(DEMO_PLACES.slice(0, 5).map((p) => `${p.city}, ${p.country}`)));
    expect(places).toContainEqual({ latitude: '52.3676', longitude: '4.9041', location: 'Amsterdam, Netherlands' });
    expect(await stop(second)).toBe(0);
  });
});
