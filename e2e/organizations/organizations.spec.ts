// Organizations as their users see them (accounts spec §2, §5, §6, §8, §9): the /orgs table and
// the create dialog (logo, duplicate name), the summary cards, rename, change logo, delete for the
// sole administrator (typed confirmation, refused while fleets remain) or leave for everyone else
// (refused for the last administrator), invalid and unknown ids, the frozen-organization rule and
// the organization-scoped fleets and blocks lists.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { joinOrganization } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page | undefined;

/** Real 1×1 PNG images (a red and a blue pixel). */
const RED_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');
const BLUE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/5ncLrgAAAABJRU5ErkJggg==', 'base64');
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Accounts spec §9 date format 'MMM do yyyy, h:mm a'. */
const DATE_FORMAT = /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (AM|PM)$/;

interface User {
  id: number;
  username: string;
  token: string;
}

type BrowserStorage = { setItem(key: string, value: string): void };

async function register(prefix: string): Promise<User> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'a long enough password' });
  expect(res.status, res.text).toBe(201);
  const who = (await e2e.stack.api('GET', '/user/v1/whoami', res.text)).json<{ id: number; username: string }>();
  return { id: who.id, username: who.username, token: res.text };
}

async function odata<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await e2e.stack.api(method, `/v7/${path}`, token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return (res.text ? res.json<T>() : undefined) as T;
}

/** As an accepted invitation would (`admin` invited them; invitations have their own suite). */
async function addMember(_admin: User, orgId: number, user: User, role: 'administrator' | 'member'): Promise<number> {
  return joinOrganization(e2e.stack, user.id, orgId, role);
}

async function createOrg(admin: User, prefix: string): Promise<{ id: number; name: string }> {
  const name = `${prefix} ${randomBytes(3).toString('hex')}`;
  const org = await odata<{ id: number }>('POST', 'organization', admin.token, { name });
  return { id: org.id, name };
}

async function createApplication(admin: User, orgId: number, name: string, cls: 'fleet' | 'block' = 'fleet'): Promise<number> {
  const deviceType = await odata<{ d: Array<{ id: number }> }>('GET', "device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const app = await odata<{ id: number }>('POST', 'application', admin.token, {
    app_name: name,
    organization: orgId,
    is_for__device_type: deviceType.d[0]!.id,
    is_of__class: cls,
  });
  return app.id;
}

/** A browser session signed in as `user` (own context, so two users can be open at once). */
async function signedInPage(user: User): Promise<Page> {
  const p = await e2e.newPage();
  await p.goto(`${e2e.stack.url}/login`);
  await p.evaluate((token) => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.token', token), user.token);
  return p;
}

const card = (p: Page, title: string) => p.getByRole('region', { name: title, exact: true });

describe('organizations', () => {
  it('lists, creates with a logo, refuses a duplicate name, shows the summary, renames and changes the logo', async () => {
    const admin = await register('orgs-admin');
    const member = await register('orgs-member');
    page = await signedInPage(admin);

    // The personal organization made at sign-up is already listed, with the user's role.
    await page.goto(`${e2e.stack.url}/orgs`);
    await expect.poll(() => page!.title()).toBe('Organizations | Flotilla dashboard');
    const table = page.getByRole('table', { name: 'Organizations' });
    await table.getByRole('row').filter({ hasText: admin.username }).filter({ hasText: 'Administrator' }).waitFor();

    // Create with a real PNG logo.
    const name = `Zeta Labs ${randomBytes(3).toString('hex')}`;
    await page.getByRole('button', { name: 'Create organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create organization' });
    await dialog.getByLabel('Organization name').fill(name);
    await dialog.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: RED_PIXEL_PNG });
    await dialog.getByRole('img', { name: 'New logo preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Organization ${name} created`).waitFor();
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('img', { name: `${name} logo` }).getAttribute('src')).toBe(dataUrl(RED_PIXEL_PNG));
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(2, 5)).toEqual(['Administrator', '1', '0']);
    expect(cells[5]).toMatch(DATE_FORMAT);
    // Sorted by name on the server (the list pages there, so it is the database's order).
    const names = (await table.locator('tbody tr td:first-child a').allInnerTexts()).map((n) => n.trim());
    const served = await odata<{ d: Array<{ name: string }> }>('GET', 'organization?$select=name&$orderby=name asc', admin.token);
    expect(names).toEqual(served.d.map((o) => o.name).filter((n) => names.includes(n)));
    expect(await table.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');

    // The same name in another case is refused before submitting; a wrong logo is explained.
    await page.getByRole('button', { name: 'Create organization' }).click();
    await dialog.getByLabel('Organization name').fill(name.toUpperCase());
    await dialog.getByText('This name is already used').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create organization' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await dialog.getByText('The logo must be a PNG or JPEG image').waitFor();
    // Logo errors never block creation: the organization is made without it, and the toast says so.
    const logoless = `Logoless ${randomBytes(3).toString('hex')}`;
    await dialog.getByLabel('Organization name').fill(logoless);
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await page.getByText(`Organization ${logoless} created without its logo: The logo must be a PNG or JPEG image`).waitFor();
    const logolessRow = table.getByRole('row').filter({ hasText: logoless });
    await logolessRow.waitFor();
    expect(await logolessRow.getByRole('img').count()).toBe(0);

    // A clash the loaded list does not know yet (made elsewhere a moment ago) comes back from the
    // server as 409 and is shown on the field all the same.
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForLoadState('networkidle');
    const elsewhere = `Elsewhere ${randomBytes(3).toString('hex')}`;
    await odata('POST', 'organization', admin.token, { name: elsewhere });
    await dialog.getByLabel('Organization name').fill(elsewhere.toLowerCase());
    const post = page.waitForResponse((r) => r.url().includes('/v7/organization') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    expect((await post).status()).toBe(409);
    await dialog.getByText('This name is already used').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Content for the summary cards, made through the API.
    const orgId = Number(/\/orgs\/(\d+)/.exec((await row.getByRole('link', { name }).getAttribute('href'))!)![1]);
    await addMember(admin, orgId, member, 'member');
    const team = await odata<{ id: number }>('POST', 'team', admin.token, { name: 'Night shift', belongs_to__organization: orgId });
    const fleetId = await createApplication(admin, orgId, `greenhouse${randomBytes(3).toString('hex')}`);

    // A row click opens the summary.
    await row.getByRole('cell').nth(1).click();
    await page.waitForURL(new RegExp(`/orgs/${orgId}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const details = card(page, 'Details');
    const detailsText = await details.innerText();
    expect(detailsText).toContain('Handle');
    expect(detailsText.split('\n').find((line) => DATE_FORMAT.test(line.trim()))).toBeDefined();
    expect(await details.getByRole('img', { name: `${name} logo` }).getAttribute('src')).toBe(dataUrl(RED_PIXEL_PNG));
    await card(page, 'Members').getByText('Members: 2', { exact: true }).waitFor();
    await card(page, 'Members').getByRole('link', { name: member.username }).waitFor();
    expect(await card(page, 'Teams').getByRole('link', { name: 'Night shift' }).getAttribute('href')).toBe(`/orgs/${orgId}/teams/${team.id}`);
    await card(page, 'Fleets').getByText('Fleets: 1', { exact: true }).waitFor();
    expect(await card(page, 'Fleets').getByRole('link').first().getAttribute('href')).toBe(`/fleets/${fleetId}`);
    await card(page, 'Blocks').getByText('Blocks: 0', { exact: true }).waitFor();
    // Apps only with the display-apps experimental flag.
    expect(await card(page, 'Apps').count()).toBe(0);
    // The sidebar is headed by the organization's name.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText(name, { exact: true }).waitFor();

    // Rename, with the duplicate check against the user's other organizations.
    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename organization' });
    await rename.getByLabel('New name').fill(admin.username.toUpperCase());
    await rename.getByText('This name is already used').waitFor();
    const newName = `${name} renamed`;
    await rename.getByLabel('New name').fill(newName);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();

    // Change logo.
    await page.getByRole('button', { name: 'Change logo' }).click();
    const logoDialog = page.getByRole('dialog', { name: 'Change logo' });
    await logoDialog.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: BLUE_PIXEL_PNG });
    await logoDialog.getByRole('button', { name: 'Save logo' }).click();
    await page.getByText('Organization logo updated').waitFor();
    await expect
      .poll(() => card(page!, 'Details').getByRole('img', { name: `${newName} logo` }).getAttribute('src'))
      .toBe(dataUrl(BLUE_PIXEL_PNG));

    // With the display-apps experimental flag on, the apps card joins the summary.
    await page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.experimental.displayApps', 'true'));
    await page.reload();
    await card(page, 'Apps').getByText('Apps: 0', { exact: true }).waitFor();
  });

  it('deletes for the sole administrator only after typing the name, and not while fleets remain', async () => {
    const admin = await register('orgs-deleter');
    const org = await createOrg(admin, 'Doomed');
    const fleetId = await createApplication(admin, org.id, `doomed${randomBytes(3).toString('hex')}`);
    page = await signedInPage(admin);
    // The user's roles (organization_membership filtered by user) are held until the summary has
    // shown: until they are read, neither Delete nor Leave is offered (a sole administrator was
    // offered Leave for a moment, then Delete).
    let releaseRoles!: () => void;
    const rolesHeld = new Promise<void>((resolve) => (releaseRoles = resolve));
    await page.route('**/v7/organization_membership?**', async (route) => {
      if (/\$filter=user( |%20)eq/.test(decodeURIComponent(route.request().url()))) await rolesHeld;
      await route.continue();
    });
    await page.goto(`${e2e.stack.url}/orgs/${org.id}`);
    await page.getByRole('heading', { level: 1, name: org.name }).waitFor();
    await card(page, 'Members').getByText(admin.username).waitFor();
    const actions = page.getByRole('group', { name: 'Organization actions' });
    expect(await actions.getByRole('button', { name: /Leave organization|Delete organization/ }).count()).toBe(0);
    releaseRoles();
    await actions.getByRole('button', { name: 'Delete organization' }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave organization' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete organization' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Organization name').fill(org.name.toLowerCase());
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Organization name').fill(org.name);
    await confirm.click();
    // The server refuses while the organization owns fleets, and says why.
    await dialog.getByText('Delete or transfer the fleets of this organization first').waitFor();

    await odata('DELETE', `application(${fleetId})`, admin.token);
    await confirm.click();
    await page.waitForURL(/\/orgs$/);
    await page.getByText('Organization deleted successfully').waitFor();
    await page.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: admin.username }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: org.name }).count()).toBe(0);
  });

  it('offers Leave to members and co-administrators, and refuses it to the last administrator', async () => {
    const first = await register('orgs-first');
    const second = await register('orgs-second');
    const member = await register('orgs-plain');
    const org = await createOrg(first, 'Shared');
    const firstMembership = (
      await odata<{ d: Array<{ id: number }> }>('GET', `organization_membership?$select=id&$filter=user eq ${first.id} and is_member_of__organization eq ${org.id}`, first.token)
    ).d[0]!.id;
    await addMember(first, org.id, second, 'administrator');
    await addMember(first, org.id, member, 'member');

    // A plain member: no rename, no logo, no delete — only Leave, which works.
    page = await signedInPage(member);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}`);
    await page.getByRole('heading', { level: 1, name: org.name }).waitFor();
    await page.getByRole('button', { name: 'Leave organization' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete organization' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change logo' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Leave organization' }).click();
    await page.getByRole('dialog', { name: 'Leave organization' }).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/orgs$/);
    await page.getByText(`You left ${org.name}`).waitFor();
    await page.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: member.username }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: org.name }).count()).toBe(0);

    // With two administrators, each sees Leave rather than Delete.
    page = await signedInPage(second);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}`);
    await page.getByRole('button', { name: 'Leave organization' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete organization' }).count()).toBe(0);

    // The other administrator leaves meanwhile: this one is now the last and may not leave.
    await odata('DELETE', `organization_membership(${firstMembership})`, first.token);
    await page.getByRole('button', { name: 'Leave organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave organization' });
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await dialog.getByText('An organization must keep at least one administrator').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Once the page learns it is the sole administrator, it offers Delete instead.
    await page.reload();
    await page.getByRole('button', { name: 'Delete organization' }).waitFor();
  });

  it('sends an invalid id to /orgs with an error and an unknown or foreign organization to /orgs', async () => {
    const user = await register('orgs-lost');
    const stranger = await register('orgs-stranger');
    const foreign = await createOrg(stranger, 'Elsewhere');
    page = await signedInPage(user);

    await page.goto(`${e2e.stack.url}/orgs/abc`);
    await page.waitForURL(/\/orgs$/);
    await page.getByText('invalid id passed in URL').waitFor();

    await page.goto(`${e2e.stack.url}/orgs/987654321`);
    await page.waitForURL(/\/orgs$/);
    await page.getByText('Organization not found.').first().waitFor();
    await page.goto(`${e2e.stack.url}/orgs/${foreign.id}/fleets`);
    await page.waitForURL(/\/orgs$/);
    await page.getByRole('table', { name: 'Organizations' }).waitFor();
  });

  it('keeps everyone out of a frozen organization with the error for their role', async () => {
    const admin = await register('orgs-frozen-admin');
    const member = await register('orgs-frozen-member');
    const org = await createOrg(admin, 'Frozen');
    await addMember(admin, org.id, member, 'member');
    await e2e.stack.app.db.updateTable('organization').set({ is_frozen: true }).where('id', '=', org.id).execute();

    // Billing users land on the billing page, the one page of a frozen organization they can reach.
    page = await signedInPage(admin);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}`);
    await page.waitForURL(new RegExp(`/orgs/${org.id}/billing$`));
    await page.getByText('Please update your billing details').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();

    page = await signedInPage(member);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/members`);
    await page.waitForURL(/\/orgs$/);
    await page.getByText('Please reach out to its administrators').waitFor();
  });

  it('lists the organization’s, a member’s and a team’s fleets and blocks, with Manage fleets for administrators only', async () => {
    const admin = await register('orgs-scoped-admin');
    const member = await register('orgs-scoped-member');
    const org = await createOrg(admin, 'Scoped');
    await addMember(admin, org.id, member, 'member');
    const fleetName = `orchard${randomBytes(3).toString('hex')}`;
    const fleetId = await createApplication(admin, org.id, fleetName);

    page = await signedInPage(admin);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fleets', exact: true }).click();
    await page.waitForURL(new RegExp(`/orgs/${org.id}/fleets$`));
    await expect.poll(() => page!.title()).toBe('Fleets | Flotilla dashboard');
    const table = page.getByRole('table', { name: 'Fleets' });
    const row = table.getByRole('row').filter({ hasText: fleetName });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([fleetName, 'Raspberry Pi 4 (using 64bit OS)', '0']);
    expect(await row.getByRole('link', { name: fleetName }).getAttribute('href')).toBe(`/fleets/${fleetId}`);
    expect(await page.getByRole('link', { name: 'Manage fleets' }).getAttribute('href')).toBe('/fleets');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocks', exact: true }).click();
    await page.waitForURL(new RegExp(`/orgs/${org.id}/blocks$`));
    await page.getByText('No blocks here yet').waitFor();

    // Member scope: fleets the member reaches directly or through a team, not the others.
    const membershipId = (
      await odata<{ d: Array<{ id: number }> }>('GET', `organization_membership?$select=id&$filter=user eq ${member.id} and is_member_of__organization eq ${org.id}`, admin.token)
    ).d[0]!.id;
    const appRoles = await odata<{ d: Array<{ id: number; name: string }> }>('GET', 'application_membership_role?$select=id,name', admin.token);
    const developer = appRoles.d.find((r) => r.name === 'developer')!.id;
    const directName = `direct${randomBytes(3).toString('hex')}`;
    const viaTeamName = `viateam${randomBytes(3).toString('hex')}`;
    const blockName = `teamblock${randomBytes(3).toString('hex')}`;
    const directId = await createApplication(admin, org.id, directName);
    const viaTeamId = await createApplication(admin, org.id, viaTeamName);
    const blockId = await createApplication(admin, org.id, blockName, 'block');
    await odata('POST', 'user_application_membership', admin.token, { user: member.id, is_member_of__application: directId, application_membership_role: developer });
    const team = await odata<{ id: number }>('POST', 'team', admin.token, { name: 'Pickers', belongs_to__organization: org.id });
    await odata('POST', 'team_membership', admin.token, { user: member.id, is_member_of__team: team.id });
    for (const appId of [viaTeamId, blockId]) {
      await odata('POST', 'team_application_access', admin.token, { team: team.id, grants_access_to__application: appId, application_membership_role: developer });
    }
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/members/${membershipId}/fleets`);
    const memberFleets = page.getByRole('table', { name: 'Fleets' });
    await memberFleets.getByRole('link', { name: directName }).waitFor();
    await memberFleets.getByRole('link', { name: viaTeamName }).waitFor();
    expect(await memberFleets.getByRole('link', { name: fleetName }).count()).toBe(0);
    // Team scope: the blocks the team was granted.
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/teams/${team.id}/blocks`);
    await page.getByRole('table', { name: 'Blocks' }).getByRole('link', { name: blockName }).waitFor();
    expect(await page.getByRole('table', { name: 'Blocks' }).getByRole('row').count()).toBe(2);

    // A plain member sees only the fleets they can reach, and no manage link.
    page = await signedInPage(member);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/fleets`);
    await page.getByRole('table', { name: 'Fleets' }).getByRole('link', { name: directName }).waitFor();
    expect(await page.getByRole('table', { name: 'Fleets' }).getByRole('link', { name: fleetName }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Manage fleets' }).count()).toBe(0);
    // Without any access the list is empty.
    const outsiderMember = await register('orgs-scoped-none');
    await addMember(admin, org.id, outsiderMember, 'member');
    page = await signedInPage(outsiderMember);
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/fleets`);
    await page.getByText('No fleets here yet').waitFor();
  });
});
