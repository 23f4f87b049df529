// The fleets issue's journey, at desktop width and at 390 px, axe clean on every screen and
// dialog: an administrator creates a fleet with the suggested name in an organization, gives a
// team and a member developer access; the member renames it and is not offered Delete; the
// administrator transfers it to another organization, makes it public with a repository URL,
// and deletes it with the typed confirmation.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createOrganization, createUser, joinOrganization, signInAs } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

const toast = (p: Page, text: string | RegExp) => p.locator('#notistack-snackbar').filter({ hasText: text }).first();
const section = (p: Page, name: string) => p.getByRole('region', { name, exact: true });

async function pick(p: Page, scope: Locator, label: RegExp | string, option: RegExp | string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await p.getByRole('option', { name: option }).click();
}

describe.each(VIEWPORTS)('fleet journey ($label)', ({ viewport }) => {
  it('create → team and member → member renames → transfer → public → delete', async () => {
    const admin = await createUser(e2e.stack, 'journey-admin');
    const member = await createUser(e2e.stack, 'journey-dev');
    const org = await createOrganization(e2e.stack, admin, 'Greenhouse');
    const target = await createOrganization(e2e.stack, admin, 'Orchard');
    await joinOrganization(e2e.stack, member.userId, org.id, 'member');
    const teamName = `growers-${org.id}`;
    const team = await e2e.stack.api('POST', '/v7/team', admin.token, { name: teamName, belongs_to__organization: org.id });
    expect(team.status, team.text).toBe(201);

    // Create with the suggested adjective-noun name, in the chosen organization.
    const p = await e2e.newPage({ viewport });
    await signInAs(p, e2e.stack, admin, '/fleets');
    await p.getByRole('button', { name: 'Create fleet' }).first().click();
    const create = p.getByRole('dialog', { name: 'Create fleet' });
    await pick(p, create, /^Organization/, org.name);
    const suggested = await create.getByRole('textbox', { name: /Fleet name/ }).inputValue();
    expect(suggested).toMatch(/^[a-z]+-[a-z]+$/);
    const submit = create.getByRole('button', { name: 'Create fleet' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await expectPageSound(p);
    await submit.click();
    await p.waitForURL(/\/fleets\/\d+$/);
    const fleetId = Number(/\/fleets\/(\d+)$/.exec(p.url())![1]);
    await p.getByRole('heading', { level: 1, name: suggested }).waitFor();
    await expectPageSound(p);

    // A team and a member, both developers.
    await p.goto(`${e2e.stack.url}/fleets/${fleetId}/teams`);
    await p.getByRole('button', { name: 'Add to team' }).click();
    const addTeam = p.getByRole('dialog', { name: 'Add to team' });
    await pick(p, addTeam, /^Team/, teamName);
    await pick(p, addTeam, /^Role/, /^Developer/);
    await expectPageSound(p);
    await addTeam.getByRole('button', { name: 'Add access' }).click();
    await toast(p, 'Resource added to team').waitFor();
    await p.getByRole('table', { name: 'Teams with access' }).getByRole('row').filter({ hasText: teamName }).waitFor();

    await p.goto(`${e2e.stack.url}/fleets/${fleetId}/members`);
    await p.getByRole('button', { name: 'Add member' }).click();
    const addMember = p.getByRole('dialog', { name: 'Add member' });
    await addMember.getByRole('textbox', { name: /^Username or email/ }).fill(member.username);
    await pick(p, addMember, /^Role/, /^Developer/);
    await expectPageSound(p);
    await addMember.getByRole('button', { name: 'Add member' }).click();
    await toast(p, `${member.username} added to the fleet`).waitFor();
    await p.getByRole('table', { name: 'Fleet members' }).getByRole('row').filter({ hasText: member.username }).getByRole('cell', { name: 'Developer', exact: true }).waitFor();
    await expectPageSound(p);

    // The member renames the fleet; Delete is not offered to a developer.
    const mp = await e2e.newPage({ viewport });
    await signInAs(mp, e2e.stack, member, `/fleets/${fleetId}/settings`);
    await mp.getByRole('heading', { name: 'Fleet settings', level: 1 }).waitFor();
    const renamed = `${suggested}-2`;
    const nameField = section(mp, 'Name').getByRole('textbox', { name: 'Name' });
    await nameField.fill(renamed);
    await nameField.press('Enter');
    await toast(mp, 'Renamed successfully').waitFor();
    // A member may not delete: the button is there, disabled, with its reason.
    const memberDelete = section(mp, 'Danger zone').getByRole('button', { name: 'Delete', exact: true });
    expect(await memberDelete.isDisabled()).toBe(true);
    expect(await memberDelete.getAttribute('aria-describedby')).toBeTruthy();
    await expectPageSound(mp);
    const deleteAsMember = await e2e.stack.api('DELETE', `/v7/application(${fleetId})`, member.token);
    expect(deleteAsMember.status).toBeGreaterThanOrEqual(400);

    // The administrator transfers it to the other organization.
    await p.goto(`${e2e.stack.url}/fleets/${fleetId}/settings`);
    await p.getByRole('heading', { name: 'Fleet settings', level: 1 }).waitFor();
    const danger = section(p, 'Danger zone');
    await pick(p, danger, 'Organization', target.name);
    await danger.getByRole('button', { name: 'Transfer' }).click();
    const transfer = p.getByRole('dialog', { name: `Transfer ${renamed} to ${target.name}?` });
    await transfer.getByText('you may lose access to it', { exact: false }).waitFor();
    await expectPageSound(p);
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await toast(p, 'Operation completed successfully').waitFor();
    await expect
      .poll(async () => (await e2e.stack.app.db.selectFrom('application').select('organization').where('id', '=', fleetId).executeTakeFirst())?.organization)
      .toBe(target.id);

    // Public, with a repository URL first.
    await p.goto(`${e2e.stack.url}/fleets/${fleetId}/settings`);
    const publicCard = p.getByRole('region', { name: 'Public fleet' });
    const url = publicCard.getByRole('textbox', { name: 'Repository URL' });
    await url.fill('https://github.com/acme/greenhouse');
    await url.press('Enter');
    await toast(p, 'Repository URL set').waitFor();
    await publicCard.getByRole('switch', { name: 'Public' }).click();
    const makePublic = p.getByRole('dialog', { name: `Make ${renamed} public?` });
    await makePublic.waitFor();
    await expectPageSound(p);
    await makePublic.getByRole('button', { name: /public/i }).click();
    await toast(p, 'Fleet made public').waitFor();
    await makePublic.waitFor({ state: 'detached' });
    const anonymous = await e2e.stack.api('GET', `/v7/application(${fleetId})?$select=id,is_public`);
    expect(anonymous.json<{ d: Array<{ is_public: boolean }> }>().d).toEqual([{ id: fleetId, is_public: true }]);

    // Deleted after typing its name, once the toasts that cover the page's foot on a phone are gone
    // (a toast under the pointer stays: the pointer moves off it first).
    await p.mouse.move(1, 1);
    await expect.poll(() => p.locator('#notistack-snackbar').allTextContents(), { timeout: 20_000 }).toEqual([]);
    await section(p, 'Danger zone').getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = p.getByRole('dialog', { name: `Delete ${renamed}?` });
    const confirm = remove.getByRole('button', { name: 'Delete', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await remove.getByRole('textbox', { name: `Type the name (${renamed}) to confirm` }).pressSequentially(renamed);
    await expectPageSound(p);
    await confirm.click();
    await toast(p, 'Operation completed successfully').waitFor();
    await p.waitForURL((u) => u.pathname === '/fleets');
    expect(await e2e.stack.app.db.selectFrom('application').select('id').where('id', '=', fleetId).executeTakeFirst()).toBeUndefined();
  });
});
