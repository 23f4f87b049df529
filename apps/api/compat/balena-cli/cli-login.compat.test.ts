// balena-cli 25 login and whoami against a live Flotilla server (issue 15): a session token, an
// email and password, and an API key, each asserted on what the CLI prints.
import { describe, expect, it } from 'vitest';
import { PASSWORD, signedUpSdk, useLiveServer } from '../sdk-fixtures.ts';
import { balenaCli } from './cli.ts';

const server = useLiveServer();

describe('balena login and whoami', () => {
  it('logs in with a session token and prints the user it is', async () => {
    const { sdk, email, username } = await signedUpSdk(server.current);
    const cli = balenaCli(server.current.url);
    await cli.login((await sdk.auth.getToken()) as string);
    const out = await cli.ok(['whoami']);
    expect(out).toMatch(new RegExp(`USERNAME:\\s+${username}`));
    expect(out).toMatch(new RegExp(`EMAIL:\\s+${email.replace('.', '\\.')}`));
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
