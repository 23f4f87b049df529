// The fleet's device list (issue 9 item 3): one server-paged, sorted and filtered list whose
// state lives in the URL, on a fleet of 10 000 devices seeded straight into the database the
// way the device-list benchmark seeds its fleet.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { runAxe, seriousViolations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const DEVICES = 10_000;
/** Every element of the document, as the issue counts DOM nodes. */
const DOM_NODES = "document.querySelectorAll('*').length";

const e2e = useBrowserStack();
let page: Page;
let user: E2eUser;
let fleetId: number;
let emptyFleetId: number;

async function createFleet(name: string): Promise<number> {
  const orgs = await e2e.stack.api('GET', '/v7/organization?$select=id', user.token);
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", user.token);
  const res = await e2e.stack.api('POST', '/v7/application', user.token, {
    app_name: name,
    organization: orgs.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Device names of the fleet in the server's order (what the first rows must show). */
async function namesOrdered(direction: 'asc' | 'desc', limit: number): Promise<string[]> {
  const r = await sql<{ device_name: string }>`SELECT device_name FROM device WHERE belongs_to__application = ${fleetId}
    ORDER BY device_name ${sql.raw(direction)}, id ASC LIMIT ${limit}`.execute(e2e.stack.app.db);
  return r.rows.map((x) => x.device_name);
}

const rowCheckbox = (name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
const total = () => page.getByTestId('list-total').textContent();
const firstRowName = () => page.locator('tbody tr[aria-rowindex="2"] td:nth-child(2)').textContent();
const devicesUrl = (search = '') => `/fleets/${fleetId}/devices${search}`;

async function openList(search = ''): Promise<void> {
  await signInAs(page, e2e.stack, user, devicesUrl(search));
  await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
  await page.getByTestId('list-total').waitFor();
}

beforeAll(async () => {
  user = await createUser(e2e.stack, 'devlist');
  fleetId = await createFleet('big-fleet');
  emptyFleetId = await createFleet('empty-fleet');
  await seedFleetDevices(e2e.stack.app.db, fleetId, DEVICES, 'e2e');
});

describe('device list', () => {
  it('shows the first page and the total, and sorts on the server by clicking a header', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    expect(await total()).toBe('10,000 rows');
    await page.getByText(`1–50 of ${DEVICES.toLocaleString('en')}`).or(page.getByText(`1–50 of ${DEVICES}`)).waitFor();
    const [firstAsc] = await namesOrdered('asc', 1);
    expect(await firstRowName()).toBe(firstAsc);
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');

    const request = page.waitForRequest((r) => decodeURIComponent(r.url()).includes('$orderby=device_name desc') && decodeURIComponent(r.url()).includes('$top=50'));
    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await request;
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    const [firstDesc] = await namesOrdered('desc', 1);
    await expect.poll(firstRowName).toBe(firstDesc);
    expect(page.url()).toContain('dir=desc');

    // Another column sorts through its navigation path.
    const releaseRequest = page.waitForRequest((r) => decodeURIComponent(r.url()).includes('$orderby=is_running__release/raw_version asc'));
    await page.getByRole('columnheader', { name: 'Current release' }).getByRole('button').click();
    await releaseRequest;
    await expect.poll(() => page.getByRole('columnheader', { name: 'Current release' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await nameHeader.getAttribute('aria-sort')).toBeNull();
  });

  it('applies a filter rule on the server and keeps it in the URL across a reload', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    const expected = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device d JOIN release r ON r.id = d.is_running__release
      WHERE d.belongs_to__application = ${fleetId} AND r.raw_version = '1.1.0'`.execute(e2e.stack.app.db);
    const n = expected.rows[0]!.n;
    expect(n).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a filter' });
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Current release' }).click();
    await dialog.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'is', exact: true }).click();
    await dialog.getByLabel('Value').fill('1.1.0');
    const count = page.waitForRequest((r) => decodeURIComponent(r.url()).includes("$count?$filter=belongs_to__application eq") && decodeURIComponent(r.url()).includes("raw_version eq '1.1.0'"));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await count;
    await expect.poll(total).toBe(`${n.toLocaleString('en')} rows`);
    expect(decodeURIComponent(page.url())).toContain('"field":"release","op":"is","value":"1.1.0"');
    await page.getByText('Current release is 1.1.0').waitFor();

    await page.reload();
    await page.getByText('Current release is 1.1.0').waitFor();
    await expect.poll(total).toBe(`${n.toLocaleString('en')} rows`);
    // The release cell of the first row, wherever the column chooser put it.
    await page.locator('tbody tr[aria-rowindex]').first().getByRole('cell').filter({ hasText: /^1\.1\.0 / }).waitFor();
  });

  it('filters by a regular expression on a navigation path; "does not match" keeps devices without a release', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const expected = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device d LEFT JOIN release r ON r.id = d.is_running__release
      WHERE d.belongs_to__application = ${fleetId} AND (r.raw_version IS NULL OR NOT r.raw_version ~ '^1\\.1\\.0$')`.execute(e2e.stack.app.db);
    const n = expected.rows[0]!.n;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(DEVICES);
    const count = page.waitForRequest((r) => decodeURIComponent(r.url()).includes("$count?$filter=") && decodeURIComponent(r.url()).includes("not((matchesPattern((is_running__release/raw_version),('^1\\.1\\.0$'))))"));
    await openList(`?filters=${encodeURIComponent(JSON.stringify([{ field: 'release', op: 'not_matches', value: '^1\\.1\\.0$' }]))}`);
    await count;
    await page.getByText('Current release does not match RegEx ^1\\.1\\.0$').waitFor();
    await expect.poll(total).toBe(`${n.toLocaleString('en')} rows`);
  });

  it('filters by cloudlink with the words of the indicator, as is_connected_to_vpn eq true', async () => {
    await sql`UPDATE device SET is_connected_to_vpn = (id % 7 = 0) WHERE belongs_to__application = ${fleetId}`.execute(e2e.stack.app.db);
    const expected = await sql<{ n: number }>`SELECT count(*)::int AS n FROM device WHERE belongs_to__application = ${fleetId} AND is_connected_to_vpn`.execute(e2e.stack.app.db);
    const n = expected.rows[0]!.n;
    expect(n).toBeGreaterThan(0);
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await page.getByRole('button', { name: 'Add filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a filter' });
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Cloudlink' }).click();
    await dialog.getByRole('combobox', { name: 'Operator' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['is', 'is not']);
    await page.getByRole('option', { name: 'is', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Value' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Connected', 'Disconnected']);
    await page.getByRole('option', { name: 'Connected', exact: true }).click();
    const count = page.waitForRequest((r) => decodeURIComponent(r.url()).includes('$count?$filter=') && decodeURIComponent(r.url()).includes('is_connected_to_vpn eq true'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await count;
    await page.getByText('Cloudlink is Connected').waitFor();
    await expect.poll(total).toBe(`${n.toLocaleString('en')} rows`);
    expect(decodeURIComponent(page.url())).toContain('"field":"cloudlink","op":"is","value":"true"');
    // Every row on the page shows the state the rule asked for.
    expect(await page.locator('tbody tr[aria-rowindex]').first().getByText('Disconnected').count()).toBe(0);
    await page.locator('tbody tr[aria-rowindex]').first().getByText('Connected', { exact: true }).waitFor();

    // "is not" from the URL: the rest of the fleet.
    await page.goto(`${e2e.stack.url}${devicesUrl(`?filters=${encodeURIComponent(JSON.stringify([{ field: 'cloudlink', op: 'is_not', value: 'true' }]))}`)}`);
    await page.getByText('Cloudlink is not Connected').waitFor();
    await expect.poll(total).toBe(`${(DEVICES - n).toLocaleString('en')} rows`);
  });

  it('shows tags as chips (text at most 100 px) and filters by a tag\'s key and value through device_tag/any', async () => {
    const tagged = await sql<{ id: number; device_name: string }>`SELECT id, device_name FROM device WHERE belongs_to__application = ${fleetId}
      ORDER BY device_name ASC, id ASC LIMIT 4`.execute(e2e.stack.app.db);
    const [first, ...others] = tagged.rows;
    // A retry starts from the same tags: the first try's are removed before they are made again.
    await e2e.stack.app.db.deleteFrom('device_tag').where('device', 'in', tagged.rows.map((d) => d.id)).execute();
    // The first device (first row by name): more tags than a row shows, one with a long value.
    await e2e.stack.app.db.insertInto('device_tag').values([
      { device: first!.id, tag_key: 'location', value: 'North greenhouse, bench 12 by the east door' },
      { device: first!.id, tag_key: 'owner', value: 'ops' },
      { device: first!.id, tag_key: 'power', value: 'mains' },
      { device: first!.id, tag_key: 'rack', value: '7' },
    ]).execute();
    await e2e.stack.app.db.insertInto('device_tag').values(others.map((d) => ({ device: d.id, tag_key: 'Location', value: 'South lab' }))).execute();

    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Tags', exact: true }).click();
    await page.keyboard.press('Escape');
    const tagsHeader = page.getByRole('columnheader', { name: 'Tags', exact: true });
    await tagsHeader.waitFor();
    // Never sorted: the header is no button.
    expect(await tagsHeader.getByRole('button').count()).toBe(0);
    const firstRow = page.locator('tbody tr[aria-rowindex="2"]');
    const longChip = firstRow.getByText('location: North greenhouse, bench 12 by the east door');
    await longChip.waitFor();
    expect(await longChip.evaluate((el: { getBoundingClientRect(): { width: number } }) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(100);
    await firstRow.getByText('owner: ops').waitFor();
    await firstRow.getByText('power: mains').waitFor();
    expect(await firstRow.getByText('rack: 7').count()).toBe(0);
    await firstRow.getByText('and more').waitFor();
    // The table with its chips (the seeded statuses' dots animate, so the page never settles for expectPageSound).
    expect(seriousViolations(await runAxe(page, [['[role="region"][aria-label="Devices"]']]))).toEqual([]);

    await page.getByRole('button', { name: 'Add filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a filter' });
    await dialog.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Tags' }).click();
    await dialog.getByLabel('Value').fill('location: LAB');
    const count = page.waitForRequest((r) => decodeURIComponent(r.url()).includes('$count?$filter=') && decodeURIComponent(r.url()).includes("device_tag/any(tag:contains(tolower(tag/tag_key),'location') and contains(tolower(tag/value),'lab'))"));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await count;
    await page.getByText('Tags contains location: LAB').waitFor();
    await expect.poll(total).toBe(`${others.length} rows`);
    await expect.poll(firstRowName).toBe(others[0]!.device_name);

    // "does not contain", from the URL: every device without such a tag, untagged ones too.
    await page.goto(`${e2e.stack.url}${devicesUrl(`?filters=${encodeURIComponent(JSON.stringify([{ field: 'tags', op: 'not_contains', value: 'location' }]))}`)}`);
    await page.getByText('Tags does not contain location').waitFor();
    await expect.poll(total).toBe(`${(DEVICES - tagged.rows.length).toLocaleString('en')} rows`);

    // Hidden again for the next tests of this user.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Tags', exact: true }).click();
  });

  it('tells "no match" from an empty fleet', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList(`?filters=${encodeURIComponent(JSON.stringify([{ field: 'name', op: 'contains', value: 'no-such-device' }]))}`);
    await page.getByText('No devices match the filters').waitFor();
    expect(await total()).toBe('0 rows');
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect.poll(total).toBe('10,000 rows');

    await page.goto(`${e2e.stack.url}/fleets/${emptyFleetId}/devices`);
    await page.getByText('This fleet has no devices yet').waitFor();
    expect(await page.getByText('No devices match the filters').count()).toBe(0);
  });

  it('selects rows: all on the page, then one less', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    const selectAll = page.getByRole('checkbox', { name: 'Select all rows on this page' });
    await selectAll.check();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('50 selected');
    const [first] = await namesOrdered('asc', 1);
    await rowCheckbox(first!).uncheck();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('49 selected');
    expect(await selectAll.evaluate((el: { indeterminate?: boolean }) => el.indeterminate)).toBe(true);
  });

  it('hides a column and still hides it after a reload', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList();
    await page.getByRole('columnheader', { name: 'IP address', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'IP address', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('columnheader', { name: 'IP address', exact: true }).count()).toBe(0);
    await page.reload();
    await page.getByTestId('list-total').waitFor();
    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'IP address', exact: true }).count()).toBe(0);
    // Shown again for the next tests of this user.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'IP address', exact: true }).click();
  });

  it('renders a 10 000-row page with fewer than 1 500 DOM nodes and scrolls inside its own container', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await openList('?size=10000');
    await page.getByText(`1–10000 of 10000`).or(page.getByText('1–10,000 of 10,000')).waitFor({ timeout: 60_000 });
    await page.locator('tbody tr[aria-rowindex="2"]').waitFor();
    const nodes = Number(await page.evaluate(DOM_NODES));
    expect(nodes).toBeLessThan(1500);
    expect(await page.getByRole('table').getAttribute('aria-rowcount')).toBe(String(DEVICES + 1));

    // Focus in the first row: the device list reuses a scrolled-out row's elements for the row
    // scrolled in (DataTable recycleRows), and focus must not stay on another device's checkbox.
    const [first] = await namesOrdered('asc', 1);
    await rowCheckbox(first!).focus();

    // Scrolling the table's container (not the page) brings the last row.
    const region = page.getByRole('region', { name: 'Devices' });
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.locator(`tbody tr[aria-rowindex="${DEVICES + 1}"]`).waitFor();
    expect(Number(await page.evaluate(DOM_NODES))).toBeLessThan(1500);
    const [last] = await namesOrdered('desc', 1);
    expect(await page.locator(`tbody tr[aria-rowindex="${DEVICES + 1}"] td:nth-child(2)`).textContent()).toBe(last);
    expect(await page.evaluate("document.activeElement?.closest('tbody') ? document.activeElement.getAttribute('aria-label') : null")).toBeNull();
  });

  it.each([
    [1440, 900],
    [390, 844],
  ])('never scrolls the page sideways at %ix%i', async (width, height) => {
    page = await e2e.newPage({ viewport: { width, height } });
    await openList();
    await page.locator('tbody tr[aria-rowindex="2"]').waitFor();
    // e2e has no DOM types: the page is measured with an expression.
    const sizes = (await page.evaluate(`(() => {
      const root = document.documentElement;
      const region = document.querySelector('[role="region"][aria-label="Devices"]');
      return { page: root.scrollWidth - root.clientWidth, regionScrollsDown: region ? region.scrollHeight > region.clientHeight : false };
    })()`)) as { page: number; regionScrollsDown: boolean };
    expect(sizes.page).toBeLessThanOrEqual(0);
    expect(sizes.regionScrollsDown).toBe(true);
  });
});
