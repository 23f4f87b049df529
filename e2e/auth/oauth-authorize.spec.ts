// OAuth applications end to end (accounts spec §2 "/login/oauth/{clientId} (query state)", §7
// `POST /oauth/authorize`): a developer registers an application under Preferences → Access
// tokens, a tiny third-party app on a local port sends a user to the consent page, the user
// signs in and authorizes on a phone-width screen, the app receives the code and the state,
// exchanges the code at /oauth/token and calls the API with the token. Also Cancel, an unknown
// client id, and revoking the access from the preferences.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const e2e = useBrowserStack();
const password = 'a long enough password';
const phone = { viewport: { width: 390, height: 844 } };

interface Account {
  email: string;
  username: string;
}

/** What the third-party app saw at its callback. */
interface Visit {
  query: Record<string, string>;
  token?: { status: number; body: Record<string, unknown> };
  whoami?: { status: number; body: Record<string, unknown> };
}

/**
 * The "third-party app": a plain HTTP server on a free local port. Its callback exchanges the
 * code at the stack's /oauth/token (form-encoded, client secret by HTTP Basic, as RFC 6749
 * §2.3.1 has it) and calls the API with the token it gets, then shows a page saying so.
 */
class ThirdPartyApp {
  readonly visits: Visit[] = [];
  client = { id: '', secret: '' };
  private server: Server | undefined;
  port = 0;

  get redirectUri(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.handle(new URL(req.url ?? '/', this.redirectUri)).then((html) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><title>Local notes</title></head><body><main>${html}</main></body></html>`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(url: URL): Promise<string> {
    if (url.pathname !== '/callback') return '<h1>Local notes</h1>';
    const visit: Visit = { query: Object.fromEntries(url.searchParams) };
    this.visits.push(visit);
    const code = url.searchParams.get('code');
    if (!code) return `<h1>Not connected: ${url.searchParams.get('error') ?? 'no code'}</h1>`;
    const tokenRes = await fetch(`${e2e.stack.url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(this.client.id)}:${encodeURIComponent(this.client.secret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri }).toString(),
    });
    visit.token = { status: tokenRes.status, body: (await tokenRes.json()) as Record<string, unknown> };
    const accessToken = visit.token.body.access_token;
    if (typeof accessToken !== 'string') return '<h1>Token exchange failed</h1>';
    const me = await e2e.stack.api('GET', '/user/v1/whoami', accessToken);
    visit.whoami = { status: me.status, body: me.json() };
    return `<h1>Connected as ${String(visit.whoami.body.username)}</h1>`;
  }

  /** Registers itself through the API, as a developer with a session would (the first test does it in the dashboard). */
  async registerWith(sessionToken: string): Promise<void> {
    const res = await e2e.stack.api('POST', '/oauth/application', sessionToken, { name: 'Local notes', redirect_uri: this.redirectUri });
    expect(res.status).toBe(201);
    const body = res.json<{ client_id: string; client_secret: string }>();
    this.client = { id: body.client_id, secret: body.client_secret };
  }

  /** Calls the API with the token it got last. */
  async whoamiStatus(): Promise<number> {
    const token = this.visits.findLast((v) => v.token)?.token?.body.access_token;
    return (await e2e.stack.api('GET', '/user/v1/whoami', String(token))).status;
  }
}

const thirdParty = new ThirdPartyApp();
const otherApp = new ThirdPartyApp();
let developer: Account & { token: string };
let user: Account;

async function newAccount(prefix: string): Promise<Account & { token: string }> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
  expect(reg.status).toBe(201);
  const me = await e2e.stack.api('GET', '/user/v1/whoami', reg.text);
  return { email, username: me.json<{ username: string }>().username, token: reg.text };
}

async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  await thirdParty.start();
  await otherApp.start();
  developer = await newAccount('oauth-dev');
  user = await newAccount('oauth-user');
});

afterAll(async () => {
  await thirdParty.close();
  await otherApp.close();
});

describe('OAuth applications', () => {
  it('registers an app, and a user authorizes it on a phone: the app gets code and state, and a working token', async () => {
    // The developer registers the application under Preferences → Access tokens.
    const dev = await e2e.newPage(phone);
    await dev.goto(`${e2e.stack.url}/login`);
    await signIn(dev, developer);
    await dev.waitForURL(/\/fleets$/);
    await dev.goto(`${e2e.stack.url}/preferences/access-tokens`);
    await dev.getByRole('heading', { name: 'OAuth applications' }).waitFor();
    await dev.getByText('You have not registered any application').waitFor();
    await dev.getByRole('button', { name: 'Register application' }).click();
    const form = dev.getByRole('dialog', { name: 'Register an OAuth application' });
    await form.getByLabel('Name').fill('Local notes');
    await form.getByLabel('Description').fill('Keeps notes about your fleets');
    await form.getByLabel('Redirect URI').fill('http://third-party.example/callback');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('Use https (http only for localhost or 127.0.0.1)').waitFor();
    await form.getByLabel('Redirect URI').fill(thirdParty.redirectUri);
    await form.getByRole('button', { name: 'Register' }).click();
    const created = dev.getByRole('dialog', { name: 'Application registered' });
    await created.waitFor();
    thirdParty.client = {
      id: await created.getByLabel('Client id', { exact: true }).inputValue(),
      secret: await created.getByLabel('Client secret', { exact: true }).inputValue(),
    };
    expect(thirdParty.client.id).toMatch(/^[\w-]{20}$/);
    expect(await created.getByLabel('Consent page', { exact: true }).inputValue()).toBe(`${e2e.stack.url}/login/oauth/${thirdParty.client.id}`);
    await expectPageSound(dev);
    await created.getByRole('button', { name: 'Done' }).click();
    await dev.getByText('Local notes', { exact: true }).waitFor();

    // The app sends a signed-out user to the consent page; they sign in and come back to it.
    const page = await e2e.newPage(phone);
    await page.goto(`${e2e.stack.url}/login/oauth/${thirdParty.client.id}?state=xyz`);
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, user);
    await page.getByRole('heading', { name: 'Authorize Local notes' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/login/oauth/${thirdParty.client.id}`);
    await expect.poll(() => page.title()).toBe('Authorize application | Flotilla dashboard');
    await page.getByText('Keeps notes about your fleets').waitFor();
    await page.getByText(`127.0.0.1:${thirdParty.port}`, { exact: true }).waitFor();
    await page.getByText(user.username, { exact: true }).waitFor();
    await expectPageSound(page);

    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.getByRole('heading', { name: `Connected as ${user.username}` }).waitFor();
    const visit = thirdParty.visits.at(-1)!;
    expect(visit.query).toEqual({ code: expect.any(String), state: 'xyz' });
    expect(visit.token).toEqual({ status: 200, body: { access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number) } });
    expect(visit.whoami).toEqual({ status: 200, body: expect.objectContaining({ email: user.email, username: user.username }) });
    expect(await thirdParty.whoamiStatus()).toBe(200);

    // The user sees the application under Preferences → Access tokens and revokes it: the token stops working.
    await page.goto(`${e2e.stack.url}/preferences/access-tokens`);
    await page.getByRole('heading', { name: 'Authorized applications' }).waitFor();
    await page.getByRole('button', { name: 'Revoke access of Local notes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke access?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have not authorized any application').waitFor();
    expect(await thirdParty.whoamiStatus()).toBe(401);
  });

  it('Cancel sends access_denied and the state back without a code; an unknown client id shows not found', async () => {
    await otherApp.registerWith(developer.token);
    const page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await signIn(page, user);
    await page.waitForURL(/\/fleets$/);

    await page.goto(`${e2e.stack.url}/login/oauth/${otherApp.client.id}?state=abc`);
    await page.getByRole('heading', { name: 'Authorize Local notes' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Not connected: access_denied' }).waitFor();
    expect(otherApp.visits).toEqual([{ query: { error: 'access_denied', state: 'abc' } }]);

    await page.goto(`${e2e.stack.url}/login/oauth/no-such-client?state=abc`);
    await page.getByRole('heading', { name: 'Application not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Authorize' }).count()).toBe(0);
    await expectPageSound(page);
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(/\/fleets$/);
  });
});
