// The device list's first page asks for its data before the app's code has run (src/boot.ts,
// lib/early-requests.ts; bench/README.md "device-list-browser"): each request of the first page
// leaves once, before the router has even asked for the page's code, and the app uses those
// answers instead of asking again — whatever the URL's sort and filters.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createUser, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
let user: E2eUser;
let fleetId: number;

beforeAll(async () => {
  user = await createUser(e2e.stack, 'early');
  const orgs = await e2e.stack.api('GET', '/v7/organization?$select=id', user.token);
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", user.token);
  const res = await e2e.stack.api('POST', '/v7/application', user.token, {
    app_name: 'early-fleet',
    organization: orgs.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  fleetId = res.json<{ id: number }>().id;
  await seedFleetDevices(e2e.stack.app.db, fleetId, 120, 'early');
});

/**
 * Opens `path` signed in and returns every URL the page requested for it, in the order they left,
 * up to the live push stream: once that is ready the page re-reads what it had fetched before
 * subscribing (lib/live/live-queries.ts, so no change in between is missed) — on purpose, and
 * not the duplicate early requests this spec is about.
 */
async function requestsOf(page: Page, path: string): Promise<string[]> {
  // Signed in before the page's first script runs (a sign-in page left open would move on by itself).
  await page.addInitScript({ content: `localStorage.setItem('flotilla.token', ${JSON.stringify(user.token)});` });
  const urls: string[] = [];
  page.on('request', (r) => urls.push(decodeURIComponent(new URL(r.url()).pathname + new URL(r.url()).search)));
  await page.goto(`${e2e.stack.url}${path}`);
  await page.locator('tbody tr[aria-rowindex]').first().waitFor();
  await page.getByTestId('list-total').waitFor();
  const live = urls.findIndex((u) => u.startsWith('/live/v1/events'));
  return live === -1 ? urls.slice() : urls.slice(0, live);
}

const count = (urls: string[], test: (u: string) => boolean) => urls.filter(test).length;
const isPage = (u: string) => u.startsWith('/v7/device?');
const isCount = (u: string) => u.startsWith('/v7/device/$count');
const isFleet = (u: string) => u.startsWith(`/v7/application(${fleetId})?`);
const isPageChunk = (u: string) => /\/assets\/DeviceListPage-[\w-]+\.js$/.test(u);

describe('device list first page, requests sent early', () => {
  it.each([
    ['the default list', ''],
    ['a sorted, filtered, second page', `?page=2&sort=status&dir=desc&filters=${JSON.stringify([{ field: 'name', op: 'contains', value: 'dev-' }])}`],
  ])('%s: each request leaves once, before the router asks for the page', async (_label, search) => {
    const page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const path = `/fleets/${fleetId}/devices${search}`;
    const urls = await requestsOf(page, path);
    for (const test of [isPage, isCount, isFleet, (u: string) => u === '/actor/v1/whoami', (u: string) => u === '/user/v1/account-status']) {
      expect(count(urls, test), urls.join('\n')).toBe(1);
    }
    // The URL's state reached the early request (page 2 of 50, sorted, filtered).
    if (search !== '') expect(urls.find(isPage)).toMatch(/\$skip=50.*\$orderby=overall_status desc|\$orderby=overall_status desc.*\$skip=50/);
    // The page's code is asked for by the router, once the app runs: the data left before.
    expect(urls.findIndex(isPage)).toBeGreaterThanOrEqual(0);
    expect(urls.findIndex(isPage)).toBeLessThan(urls.findIndex(isPageChunk));
    await page.close();
  });

  it('another page sends nothing early and loads as before', async () => {
    const page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: `localStorage.setItem('flotilla.token', ${JSON.stringify(user.token)});` });
    const urls: string[] = [];
    page.on('request', (r) => urls.push(decodeURIComponent(new URL(r.url()).pathname)));
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}`);
    await page.getByRole('heading', { level: 1, name: 'early-fleet' }).waitFor();
    expect(count(urls, (u) => u === '/actor/v1/whoami')).toBe(1);
    expect(count(urls, (u) => u === `/v7/application(${fleetId})`)).toBeGreaterThanOrEqual(1);
    await page.close();
  });
});
