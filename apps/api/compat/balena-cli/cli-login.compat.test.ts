// balena-cli 25 login and whoami against a live Flotilla server (issue 15): a session token, an
// email and password, and an API key, each asserted on what the CLI prints.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signedUpSdk, useLiveServer } from '../sdk-fixtures.ts';
import { balenaCli } from './cli.ts';

const server = useLiveServer();
const npmRunBalena = fileURLToPath(new URL('../../../../scripts/balena.mjs', import.meta.url));

describe('balena login and whoami', () => {
  it('logs in with a session token and prints the user it is, on this server', async () => {
    const { sdk, email, username } = await signedUpSdk(server.current);
    const cli = balenaCli(server.current.url);
    const login = await cli.ok(['login', '--token', (await sdk.auth.getToken()) as string]);
    const host = new URL(server.current.url).host;
    // Not "balena-cloud.com", as if the CLI had signed in to balenaCloud.
    expect(login).toContain(`Logging in to ${host}`);
    const out = await cli.ok(['whoami']);
    expect(out).toMatch(new RegExp(`USERNAME:\\s+${username}`));
    expect(out).toMatch(new RegExp(`EMAIL:\\s+${email.replace('.', '\\.')}`));
    expect(out).toMatch(new RegExp(`URL:\\s+${host.replace(/\./g, '\\.')}\\n`));
  });

  it('`npm run balena` talks to PUBLIC_URL and names it', async () => {
    const { sdk, username } = await signedUpSdk(server.current);
    const home = mkdtempSync(join(tmpdir(), 'npm-run-balena-'));
    // What a user's shell has: no BALENARC_* variable; the script sets them from PUBLIC_URL.
    // The cache is named so the script finds the CLI global-setup.ts installed, despite HOME.
    const cache = process.env.FLOTILLA_CACHE_DIR || join(homedir(), '.cache/flotilla');
    const env = { PATH: process.env.PATH ?? '', HOME: home, FLOTILLA_CACHE_DIR: cache, PUBLIC_URL: server.current.url, BALENARC_DATA_DIRECTORY: home };
    const run = (args: string[]) => promisify(execFile)(process.execPath, [npmRunBalena, ...args], { env, timeout: 50_000 });
    await run(['login', '--token', (await sdk.auth.getToken()) as string]);
    const { stdout } = await run(['whoami']);
    expect(stdout).toMatch(new RegExp(`USERNAME:\\s+${username}`));
    expect(stdout).toMatch(new RegExp(`URL:\\s+${new URL(server.current.url).host.replace(/\./g, '\\.')}\\n`));
  });

  it('logs in with email and password and with an API key', async () => {
    const { sdk, email, username } = await signedUpSdk(server.current);
    const withPassword = balenaCli(server.current.url);
    const login = await withPassword.ok(['login', '--credentials', '--email', email, '--password', PASSWORD]);
    expect(login).toContain('Successfully logged in');
    expect(await withPassword.ok(['whoami'])).toMatch(new RegExp(`USERNAME:\\s+${username}`));

    const key = await sdk.models.apiKey.create({ name: 'cli', expiryDate: null } as never);
    const withKey = balenaCli(server.current.url);
    await withKey.login(key as unknown as string);
    expect(await withKey.ok(['whoami'])).toMatch(new RegExp(`USERNAME:\\s+${username}`));
  });

  it('refuses a wrong password and an unknown token with a clear message', async () => {
    const { email } = await signedUpSdk(server.current);
    const cli = balenaCli(server.current.url);
    const wrong = await cli.run(['login', '--credentials', '--email', email, '--password', 'not the password']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/unauthorized|invalid|incorrect/i);
    const bogus = await cli.run(['login', '--token', 'not-a-token']);
    expect(bogus.code).not.toBe(0);
    expect(bogus.stderr).toMatch(/token/i);
    const whoami = await cli.run(['whoami']);
    expect(whoami.code).not.toBe(0);
    expect(whoami.stderr).toMatch(/login/i);
  });
});
