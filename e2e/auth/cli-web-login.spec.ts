// `balena login --web` with the published balena-cli (compat §3.8, accounts spec §2 "CLI login
// under /login/cli/*"): the CLI opens the dashboard at /login/cli/<callback>, the user signs in
// and agrees, and the browser posts a session token to the CLI, which then works with it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliLoginPath } from '../../packages/core/src/cli-login.ts';
import { cliEnvironment } from '../../apps/api/compat/balena-cli/cli-environment.ts';
// @ts-expect-error scripts/ensure.mjs is plain JavaScript (it runs before node_modules exists)
import { ensureBalenaCli } from '../../scripts/ensure.mjs';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const e2e = useBrowserStack();
const password = 'a long enough password';
let email: string;
let username: string;
let cliEntry: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  cliEntry = (ensureBalenaCli as () => string)();
  email = `cli-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
  expect(reg.status).toBe(201);
  const me = await e2e.stack.api('GET', '/user/v1/whoami', reg.text);
  username = me.json<{ username: string }>().username;
});

afterEach(() => {
  for (const child of running.splice(0)) child.kill();
});

/** The environment of a user's CLI pointed at this stack, the browser it opens being a no-op. */
function cliEnv(dataDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: dataDir,
    ...cliEnvironment(e2e.stack.url, dataDir),
    BALENARC_DASHBOARD_URL: e2e.stack.url,
    // The CLI opens the URL with xdg-open, which runs $BROWSER: the test's Chromium goes there instead.
    BROWSER: 'true',
  };
}

/** Starts `balena login --web`; resolves with the URL it opens and a promise of how it ends. */
async function startWebLogin(dataDir: string): Promise<{ url: string; ended: Promise<{ code: number | null; out: string }> }> {
  const child = spawn(process.execPath, [cliEntry, 'login', '--web'], { env: cliEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  const ended = new Promise<{ code: number | null; out: string }>((resolve) => child.on('close', (code) => resolve({ code, out })));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Opening web browser for URL:\s*(\S+)/.exec(out);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void ended.then(() => reject(new Error(`balena login --web ended before opening a URL:\n${out}`)));
  });
  return { url, ended };
}

function balena(dataDir: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliEntry, ...args], { env: cliEnv(dataDir), timeout: 50_000 }, (error, stdout) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout }),
    );
  });
}

async function signIn(page: import('playwright-core').Page): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('balena login --web', () => {
  it('signs the CLI in after the user signs in and agrees, on a phone-width screen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'balenarc-web-'));
    const login = await startWebLogin(dataDir);
    expect(login.url).toMatch(new RegExp(`^${e2e.stack.url}/login/cli/http%253A%252F%252F127\\.0\\.0\\.1%253A\\d+%252Fauth$`));

    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(login.url);
    // Signed out: through sign-in and back to the CLI's page.
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page);
    await page.getByRole('heading', { name: 'Sign in to the balena CLI' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/login\/cli\//);
    await expect.poll(() => page.title()).toBe('Authorize the balena CLI | Flotilla dashboard');
    const port = /127\.0\.0\.1%253A(\d+)/.exec(login.url)![1];
    await page.getByText(`127.0.0.1:${port}`, { exact: true }).waitFor();
    await page.getByText(username, { exact: true }).waitFor();
    await expectPageSound(page);

    await page.getByRole('button', { name: 'Authorize' }).click();
    const ended = await login.ended;
    expect(ended.out).toContain(`Successfully logged in as: ${username}`);
    expect(ended.code).toBe(0);
    // The browser shows the CLI's own answer page.
    await page.waitForURL(`http://127.0.0.1:${port}/auth`);

    // The CLI works with the session it was given.
    const whoami = await balena(dataDir, ['whoami']);
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain(username);
  });

  it('cancels without sending anything, and refuses a callback off this machine', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await signIn(page);
    await page.waitForURL(/\/fleets$/);

    const dataDir = mkdtempSync(join(tmpdir(), 'balenarc-web-'));
    const login = await startWebLogin(dataDir);
    await page.goto(login.url);
    await page.getByRole('heading', { name: 'Sign in to the balena CLI' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/fleets$/);
    // Nothing reached the CLI: it still waits.
    expect(await Promise.race([login.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('waiting'), 500))])).toBe('waiting');

    for (const callback of ['http://evil.example:8000/auth', 'http://10.0.0.8:8000/auth', 'https://127.0.0.1:8000/auth']) {
      await page.goto(`${e2e.stack.url}${cliLoginPath(callback)}`);
      await page.waitForURL(/\/fleets$/);
      expect(await page.getByRole('button', { name: 'Authorize' }).count()).toBe(0);
    }
  });
});
