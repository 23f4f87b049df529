// The fleet list (/fleets, fleets spec §"Fleet list"): one server-paged, sorted and filtered list
// whose state lives in the URL, for a user with 30 fleets in two organizations (created through
// the API) and a few devices seeded straight into the database.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { runAxe, seriousViolations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page;
let user: E2eUser;
let otherOrg: { id: number; name: string };
const fleetIds = new Map<string, number>();

/** 20 pumps in the user's own organization, 10 valves in a second one. */
const PUMPS = Array.from({ length: 20 }, (_, i) => `pump-${String(i).padStart(2, '0')}`);
const VALVES = Array.from({ length: 10 }, (_, i) => `valve-${String(i).padStart(2, '0')}`);
/** Devices seeded per fleet: pump-03 has the most, so it leads a descending sort by devices. */
const DEVICES: Record<string, number> = { 'pump-03': 9, 'valve-05': 4, 'pump-10': 2 };

async function createFleet(owner: E2eUser, name: string, organization: number): Promise<number> {
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", owner.token);
  const res = await e2e.stack.api('POST', '/v7/application', owner.token, {
    app_name: name,
    organization,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number }>().id;
}

const total = () => page.getByTestId('list-total').textContent();
/** The name cell of the list's n-th row (1-based); fleets have no batch action, so no checkbox column. */
const rowName = (n: number) => page.locator(`tbody tr[aria-rowindex="${n + 1}"] td:nth-child(1)`).textContent();
const cell = (n: number, column: number) => page.locator(`tbody tr[aria-rowindex="${n + 1}"] td:nth-child(${column})`).textContent();
const filtersParam = (rules: object[]) => `filters=${encodeURIComponent(JSON.stringify(rules))}`;
const request = (...parts: string[]) => page.waitForRequest((r) => parts.every((p) => decodeURIComponent(r.url()).includes(p)));

async function openList(search = '', who: E2eUser = user): Promise<void> {
  await signInAs(page, e2e.stack, who, `/fleets${search}`);
  await page.getByRole('heading', { level: 1, name: 'Fleets' }).waitFor();
}

beforeAll(async () => {
  user = await createUser(e2e.stack, 'fleetlist');
  const orgs = await e2e.stack.api('GET', '/v7/organization?$select=id', user.token);
  const ownOrg = orgs.json<{ d: Array<{ id: number }> }>().d[0]!.id;
  otherOrg = await createOrganization(e2e.stack, user, 'Valves');
  for (const name of PUMPS) fleetIds.set(name, await createFleet(user, name, ownOrg));
  for (const name of VALVES) fleetIds.set(name, await createFleet(user, name, otherOrg.id));
  for (const [name, count] of Object.entries(DEVICES)) await seedFleetDevices(e2e.stack.app.db, fleetIds.get(name)!, count, `fl-${name}`);
});

describe('fleet list', () => {
  it('pages on the server, the page and its size in the URL', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const first = request('/v7/application?', '$top=25', '$orderby=app_name asc');
    await openList('?size=25');
    await first;
    await expect.poll(total).toBe('30 rows');
    await page.getByText('1–25 of 30').waitFor();
    expect(await rowName(1)).toBe('pump-00');
    expect(await page.getByRole('link', { name: 'pump-00' }).getAttribute('href')).toBe(`/fleets/${fleetIds.get('pump-00')}`);

    const second = request('/v7/application?', '$top=25', '$skip=25');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await second;
    await page.getByText('26–30 of 30').waitFor();
    await expect.poll(() => rowName(26)).toBe('valve-05');
    expect(page.url()).toContain('page=2');
    await page.reload();
    await page.getByText('26–30 of 30').waitFor();
  });

  it('sorts by the device total on the server and shows the online count of each fleet', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await expect.poll(total).toBe('30 rows');
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    const devicesHeader = page.getByRole('columnheader', { name: 'Devices', exact: true });

    const asc = request('$orderby=owns__device/$count asc');
    await devicesHeader.getByRole('button').click();
    await asc;
    const desc = request('$orderby=owns__device/$count desc');
    await devicesHeader.getByRole('button').click();
    await desc;
    await expect.poll(() => devicesHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await nameHeader.getAttribute('aria-sort')).toBeNull();
    await expect.poll(() => rowName(1)).toBe('pump-03');
    expect(await rowName(2)).toBe('valve-05');
    expect(decodeURIComponent(page.url())).toContain('sort=devices');
    expect(page.url()).toContain('dir=desc');

    const online = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device
      WHERE belongs_to__application = ${fleetIds.get('pump-03')!} AND api_heartbeat_state = 'online'`.execute(e2e.stack.app.db);
    expect(await cell(1, 4)).toBe('9');
    expect(await cell(1, 5)).toBe(String(online.rows[0]!.n));
    // "Online devices" is counted per page, not a server field: it neither sorts nor filters.
    expect(await page.getByRole('columnheader', { name: 'Online devices' }).getByRole('button').count()).toBe(0);
  });

  it('filters on the server with the dialog, keeps the rules in the URL and combines them', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await expect.poll(total).toBe('30 rows');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a filter' });
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Organization' }).click();
    await dialog.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'is', exact: true }).click();
    await dialog.getByLabel('Value').fill(otherOrg.name);
    const count = request('/v7/application/$count?$filter=', `organization/name eq '${otherOrg.name}'`);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await count;
    await expect.poll(total).toBe('10 rows');
    expect(await rowName(1)).toBe('valve-00');
    expect(new URL(page.url()).searchParams.get('filters')).toBe(JSON.stringify([{ field: 'organization', op: 'is', value: otherOrg.name }]));
    await page.getByText(`Organization is ${otherOrg.name}`).waitFor();

    await page.reload();
    await page.getByText(`Organization is ${otherOrg.name}`).waitFor();
    await expect.poll(total).toBe('10 rows');

    // A number rule on the device total, from the URL, ANDed with a text rule.
    await page.goto(`${e2e.stack.url}/fleets?${filtersParam([{ field: 'name', op: 'contains', value: 'PUMP' }, { field: 'devices', op: 'gt', value: '1' }])}`);
    await page.getByText('Name contains PUMP').waitFor();
    await page.getByText('Devices is more than 1').waitFor();
    await expect.poll(total).toBe('2 rows');
    expect([await rowName(1), await rowName(2)]).toEqual(['pump-03', 'pump-10']);
  });

  it('filters by a regular expression ("matches RegEx", "does not match RegEx") on the server, the rule in the URL', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await expect.poll(total).toBe('30 rows');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a filter' });
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Name', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'matches RegEx', exact: true }).click();
    const pattern = dialog.getByLabel('Regular expression');
    await dialog.getByText('start with (?i) to ignore case').waitFor();
    // A pattern the server would refuse says why, and cannot be applied.
    await pattern.fill('(pump)\\1');
    await dialog.getByText('Back-references (\\1 to \\9) are not allowed').waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await pattern.fill('^pump-1[0-4');
    await dialog.getByText('This is not a valid regular expression').waitFor();
    expect(seriousViolations(await runAxe(page, [['[role="dialog"]']]))).toEqual([]);

    await pattern.fill('^pump-1[0-4]$');
    const count = request('/v7/application/$count?$filter=', "matchesPattern((app_name),('^pump-1[0-4]$'))");
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await count;
    await expect.poll(total).toBe('5 rows');
    expect([await rowName(1), await rowName(5)]).toEqual(['pump-10', 'pump-14']);
    expect(new URL(page.url()).searchParams.get('filters')).toBe(JSON.stringify([{ field: 'name', op: 'matches', value: '^pump-1[0-4]$' }]));
    await page.getByText('Name matches RegEx ^pump-1[0-4]$').waitFor();
    await page.reload();
    await page.getByText('Name matches RegEx ^pump-1[0-4]$').waitFor();
    await expect.poll(total).toBe('5 rows');

    // Case-sensitive unless (?i); "does not match" from the URL.
    await page.goto(`${e2e.stack.url}/fleets?${filtersParam([{ field: 'name', op: 'matches', value: '^PUMP' }])}`);
    await page.getByText('No fleets match the filter').waitFor();
    await page.goto(`${e2e.stack.url}/fleets?${filtersParam([{ field: 'name', op: 'not_matches', value: '(?i)^PUMP' }])}`);
    await page.getByText('Name does not match RegEx (?i)^PUMP').waitFor();
    await expect.poll(total).toBe('10 rows');
    expect(await rowName(1)).toBe('valve-00');
  });

  it('tells "no match" from no fleets at all, and polls the page on screen', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList(`?${filtersParam([{ field: 'name', op: 'contains', value: 'no-such-fleet' }])}`);
    await page.getByText('No fleets match the filter').waitFor();
    expect(await total()).toBe('0 rows');
    expect(await page.getByText('No fleets yet').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect.poll(total).toBe('30 rows');
    await page.close();

    const newcomer = await createUser(e2e.stack, 'nofleets');
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList('', newcomer);
    await page.getByText('No fleets yet').waitFor();
    expect(await page.getByText('No fleets match the filter').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create fleet' }).count()).toBe(2);

    // A fleet created elsewhere shows up without a reload (fleets spec §9: refetched every 8 s).
    const orgs = await e2e.stack.api('GET', '/v7/organization?$select=id', newcomer.token);
    await createFleet(newcomer, 'arrived-later', orgs.json<{ d: Array<{ id: number }> }>().d[0]!.id);
    await page.getByRole('link', { name: 'arrived-later' }).waitFor({ timeout: 20_000 });
    expect(await total()).toBe('1 row');
  });

  it('hides a column and still hides it after a reload', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await page.getByRole('columnheader', { name: 'Organization' }).waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const organization = page.getByRole('menuitemcheckbox', { name: 'Organization' });
    expect(await organization.getAttribute('aria-checked')).toBe('true');
    // Each item is the checkbox: no control nested inside it (axe nested-interactive).
    expect(seriousViolations(await runAxe(page, [['[role="menu"]']]))).toEqual([]);
    await organization.click();
    await expect.poll(() => organization.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('columnheader', { name: 'Organization' }).count()).toBe(0);
    await page.reload();
    await page.getByTestId('list-total').waitFor();
    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Organization' }).count()).toBe(0);
  });

  it('shows the same page as 370x324 cards in the grid lens, sorts it, and remembers the lens', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await expect.poll(total).toBe('30 rows');
    await page.getByRole('button', { name: 'Grid' }).click();
    const cards = page.getByRole('list', { name: 'Fleets' }).locator(':scope > li');
    await expect.poll(() => cards.count()).toBe(30);
    expect(await page.getByRole('table').count()).toBe(0);
    const box = await cards.first().locator('.MuiCard-root').boundingBox();
    expect([box?.width, box?.height]).toEqual([370, 324]);
    expect(await cards.first().getByRole('heading', { level: 2 }).textContent()).toBe('pump-00');

    const desc = request('$orderby=owns__device/$count desc');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Devices, descending' }).click();
    await desc;
    await expect.poll(() => cards.first().getByRole('heading', { level: 2 }).textContent()).toBe('pump-03');
    await cards.first().getByText('Online devices').waitFor();
    // The card counts its devices per overall status: the counts add up to its device total.
    const statusItems = cards.first().getByRole('list', { name: 'Devices by status' }).getByRole('listitem');
    await expect.poll(() => statusItems.count()).toBeGreaterThan(0);
    // Read together, as one rendering of the card shows them (the list polls in the background).
    const counted = async () => {
      const sum = (await statusItems.allTextContents()).reduce((n, text) => n + Number(/(\d+)\s*$/.exec(text)![1]), 0);
      const cardTotal = Number(await cards.first().locator('dt', { hasText: /^Devices$/ }).locator('xpath=following-sibling::dd[1]').textContent());
      return { sum, cardTotal };
    };
    await expect.poll(async () => { const c = await counted(); return c.cardTotal > 0 && c.sum === c.cardTotal; }).toBe(true);
    expect(decodeURIComponent(page.url())).toContain('sort=devices');

    await page.reload();
    await expect.poll(() => cards.first().getByRole('heading', { level: 2 }).textContent()).toBe('pump-03');
    expect(await page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
  });
});
