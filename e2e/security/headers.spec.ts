// The dashboard under its security headers, in a real Chromium: signing in and the first
// screens raise no Content-Security-Policy violation, the avatar from the configured avatar
// service loads without a Referer, the app refuses to be framed, and the page and its scripts
// arrive with the headers and precompressed (brotli).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, screenshotOnFailure } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

/** A 1×1 transparent PNG: what an avatar service answers. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let stack: Stack;
let browser: Browser;
let page: Page | undefined;
let avatarService: Server;
const avatarRequests: { url: string; headers: IncomingHttpHeaders }[] = [];
const email = `headers-${randomBytes(4).toString('hex')}@example.com`;
const password = 'a long enough password';

beforeAll(async () => {
  // The avatar service is another origin (another port): the CSP must name it for the image to load.
  avatarService = createServer((req, res) => {
    avatarRequests.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => avatarService.listen(0, '127.0.0.1', resolve));
  const avatarUrl = `http://127.0.0.1:${(avatarService.address() as AddressInfo).port}/avatar/{hash}`;
  stack = await startStack({ avatarUrl });
  browser = await launchBrowser();
  const reg = await stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
  expect(reg.status).toBe(201);
});
afterEach(async (ctx) => {
  await screenshotOnFailure(page, ctx.task.name, ctx.task.result?.state === 'fail');
  await page?.close();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await new Promise((resolve) => avatarService?.close(resolve));
});

interface Violation {
  directive: string;
  blocked: string;
}

/** A page that records every CSP violation (the DOM event) and every console error. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<Violation[]>; consoleErrors: string[]; responses: Response[] }> {
  const p = await browser.newPage();
  // Runs in the page before its scripts (as a string: this project compiles without DOM types).
  await p.addInitScript({
    content: `window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));`,
  });
  const consoleErrors: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  p.on('pageerror', (e) => consoleErrors.push(e.message));
  const responses: Response[] = [];
  p.on('response', (r) => responses.push(r));
  return {
    page: p,
    violations: () => p.evaluate<Violation[]>('window.__cspViolations'),
    consoleErrors,
    responses,
  };
}

describe('security headers in the browser', () => {
  it('signs in and shows the fleets and the avatar with no CSP violation', async () => {
    const watched = await watchedPage();
    page = watched.page;
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/fleets$/);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();
    // The header avatar comes from the avatar service (another origin), with no Referer.
    await expect.poll(() => avatarRequests.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(avatarRequests[0]?.url).toMatch(/^\/avatar\/[0-9a-f]{64}$/);
    expect(avatarRequests[0]?.headers.referer).toBeUndefined();
    await expect.poll(() => page!.locator(`img[src^="http://127.0.0.1:${(avatarService.address() as AddressInfo).port}/avatar/"]`).first().evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);

    // A deep link loaded fresh, then a screen with dialogs (injected styles), still clean.
    await page.goto(`${stack.url}/preferences/details`);
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
    await page.goto(`${stack.url}/fleets`);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();

    expect(await watched.violations()).toEqual([]);
    expect(watched.consoleErrors.filter((t) => /Content Security Policy|Refused to/i.test(t))).toEqual([]);

    // The page and its scripts came with the headers, precompressed.
    const document = watched.responses.find((r) => r.request().resourceType() === 'document' && r.url().endsWith('/login'));
    expect(document).toBeDefined();
    const docHeaders = await document!.allHeaders();
    expect(docHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docHeaders['content-security-policy']).toContain(`img-src 'self' data: blob: http://127.0.0.1:${(avatarService.address() as AddressInfo).port}`);
    expect(docHeaders['x-frame-options']).toBe('DENY');
    expect(docHeaders['x-content-type-options']).toBe('nosniff');
    expect(docHeaders['referrer-policy']).toBe('no-referrer');
    expect(docHeaders['content-encoding']).toBe('br');
    expect(docHeaders['strict-transport-security']).toBeUndefined();

    const scripts = watched.responses.filter((r) => r.request().resourceType() === 'script');
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect(headers['content-encoding'], script.url()).toBe('br');
      expect(headers['x-content-type-options'], script.url()).toBe('nosniff');
    }
    // API replies the dashboard read: JSON, compressed when worth it, with a request id.
    const config = watched.responses.find((r) => new URL(r.url()).pathname === '/config');
    expect((await config!.allHeaders())['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to be framed by another page', async () => {
    const watched = await watchedPage();
    page = watched.page;
    const framed = page.waitForEvent('console', { predicate: (m) => /frame-ancestors|Refused to (display|frame)/i.test(m.text()), timeout: 15_000 });
    await page.setContent(`<iframe id="victim" src="${stack.url}/login" width="600" height="400"></iframe>`);
    await framed;
    const frame = page.frames().find((f) => f !== page!.mainFrame());
    // The framed document never rendered the dashboard.
    expect(await frame?.locator('#root').count().catch(() => 0)).toBe(0);
  });
});
