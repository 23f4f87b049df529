// The first-load budget's model checked against a real browser (issue 16 W10): the JavaScript
// Chromium fetches for /login and /fleets before the page has rendered is exactly what
// scripts/bundle-budget.ts counts for the route from the build manifest, so the budget
// (apps/web/bundle-budget.json, checked by scripts/bundle-budget.test.ts) neither misses a chunk
// nor counts one the page does not load.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { measure, readBudget, type RouteReport } from '../../scripts/bundle-budget.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { WEB_DIST } from '../support/stack.ts';

const e2e = useBrowserStack();
let token: string;
let reports: RouteReport[];

beforeAll(async () => {
  reports = measure(WEB_DIST, readBudget());
  const email = `bundle-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'a long enough password' });
  expect(reg.status, reg.text).toBe(201);
  token = reg.text;
});

/**
 * The dashboard's scripts (assets/….js) the page had downloaded when `selector` with `text` first
 * showed: read in the page, in the frame it appeared (Resource Timing lists a request once it
 * has completed, so what only started after the render is not counted).
 */
async function scriptsBeforeRender(page: Page, path: string, selector: string, text: string): Promise<string[]> {
  await page.goto(`${e2e.stack.url}${path}`);
  const names = await page.waitForFunction(
    ([sel, txt]) => {
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> } }).document;
      if (!Array.from(doc.querySelectorAll(sel)).some((el) => el.textContent?.trim() === txt)) return false;
      return performance.getEntriesByType('resource').map((entry) => entry.name);
    },
    [selector, text] as const,
  );
  const urls = (await names.jsonValue()) as string[];
  return urls
    .map((url) => new URL(url).pathname)
    .filter((pathname) => pathname.startsWith('/assets/') && pathname.endsWith('.js'))
    .map((pathname) => pathname.slice(1))
    .sort();
}

function counted(route: string): string[] {
  const report = reports.find((r) => r.route === route);
  if (!report) throw new Error(`${route} is not in apps/web/bundle-budget.json`);
  return report.files;
}

describe('first-load JavaScript in the browser', () => {
  it('/login: the scripts fetched before the form shows are the ones its budget counts', async () => {
    const page = await e2e.newPage();
    const scripts = await scriptsBeforeRender(page, '/login', 'button', 'Sign in');
    expect(new Set(scripts)).toEqual(new Set(counted('/login')));
  });

  it('/fleets, signed in: the scripts fetched before the list shows are the ones its budget counts', async () => {
    const page = await e2e.newPage();
    // Signed in before any of the dashboard's code runs, as on a return visit.
    await page.context().addInitScript({
      content: `localStorage.setItem('flotilla.token', ${JSON.stringify(token)});
        localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');`,
    });
    const scripts = await scriptsBeforeRender(page, '/fleets', 'h1', 'Fleets');
    expect(new Set(scripts)).toEqual(new Set(counted('/fleets')));
  });
});
