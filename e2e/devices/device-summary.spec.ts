// The device summary card (fleets spec §2 "Device summary", §4 "Update status" and "Device
// toggles", §8 "Success messages"), at desktop width and at 390 px: the card's fields (update
// status with its age, OS variant, support access, active, local mode, public URL, created);
// rename; a note with a newline (Shift+Enter) that autosaves 500 ms after the last keystroke and
// Enter that saves at once and shows it rendered as Markdown; tags added, edited and removed with the count following; an observer
// sees everything read-only. Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

async function seededDevice(admin: E2eUser) {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `sum-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `sum-${fleetId}`);
  const db = e2e.stack.app.db;
  const row = await db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).executeTakeFirstOrThrow();
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await db
    .updateTable('device')
    .set({
      note: null, os_variant: 'development', update_status: 'downloading', last_update_status_event: new Date(Date.now() - 3 * 60_000).toISOString(),
      is_web_accessible: true, is_accessible_by_support_until__date: inAWeek, is_active: true,
    })
    .where('id', '=', row.id)
    .execute();
  await db.insertInto('device_config_variable').values({ device: row.id, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }).execute();
  return { orgId: org.id, fleetId, id: row.id as number, uuid: row.uuid as string, name: row.device_name as string };
}

const stored = (id: number) => e2e.stack.app.db.selectFrom('device').select(['device_name', 'note']).where('id', '=', id).executeTakeFirstOrThrow();
const storedTags = (id: number) => e2e.stack.app.db.selectFrom('device_tag').select(['tag_key', 'value']).where('device', '=', id).execute();

async function openSummary(page: Page, user: E2eUser, uuid: string, name: string): Promise<void> {
  await signInAs(page, e2e.stack, user, `/devices/${uuid}/summary`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe.each(VIEWPORTS)('device summary ($label)', ({ viewport }) => {
  it('shows the new fields, renames, autosaves a note and edits tags', async () => {
    const admin = await createUser(e2e.stack, 'summary');
    const device = await seededDevice(admin);
    const page = await e2e.newPage({ viewport });
    await openSummary(page, admin, device.uuid, device.name);

    // The card's fields (§2): update status with how long ago it changed, and the toggles.
    const main = page.getByRole('main');
    await main.getByText('Downloading').waitFor();
    await main.getByText(/\(changed 3 minutes ago\)/).waitFor();
    await main.getByText('development', { exact: true }).waitFor();
    await main.getByText(/^Until /).waitFor();
    await main.getByText('On', { exact: true }).waitFor();
    await main.getByText(/^Enabled/).waitFor();
    expect(await main.getByRole('link', { name: new RegExp(`^https://${device.uuid}\\.`) }).getAttribute('href')).toMatch(new RegExp(`^https://${device.uuid}\\.[^/]+$`));
    await page.getByRole('heading', { level: 2, name: 'Tags (0)' }).waitFor();
    await expectPageSound(page);

    // Rename (§8 "Renamed successfully").
    await page.getByRole('button', { name: 'Rename device' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename device' });
    await rename.getByLabel('Name').fill(`${device.name}-renamed`);
    await expectPageSound(page);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: `${device.name}-renamed` }).waitFor();
    expect((await stored(device.id)).device_name).toBe(`${device.name}-renamed`);

    // The note: "Edit note" opens the field; Shift+Enter adds a newline, and the text saves by
    // itself after the last keystroke.
    await page.getByRole('button', { name: 'Edit note' }).click();
    const note = page.getByRole('textbox', { name: 'Note' });
    await note.click();
    await note.pressSequentially('first line');
    await note.press('Shift+Enter');
    await note.pressSequentially('second line');
    await expect.poll(async () => (await stored(device.id)).note, { timeout: 5000 }).toBe('first line\nsecond line');
    await page.getByText('Setting changed successfully').waitFor();
    expect(await page.getByText('Setting changed successfully').count()).toBe(1);
    // Enter saves at once, adds no newline and shows the note rendered as Markdown.
    await note.pressSequentially(' and **more**');
    await note.press('Enter');
    await expect.poll(async () => (await stored(device.id)).note).toBe('first line\nsecond line and **more**');
    await note.waitFor({ state: 'detached' });
    await main.locator('strong', { hasText: 'more' }).waitFor();
    await main.getByText(/first line\s+second line and more/).waitFor();

    // Markdown help, offered while editing.
    await page.getByRole('button', { name: 'Edit note' }).click();
    expect(await note.inputValue()).toBe('first line\nsecond line and **more**');
    await page.getByRole('button', { name: 'Markdown help' }).click();
    const help = page.getByRole('dialog', { name: 'Markdown help' });
    await help.getByText('**bold**').waitFor();
    await expectPageSound(page);
    await help.getByRole('button', { name: 'Close' }).click();
    await help.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Done' }).click();
    await note.waitFor({ state: 'detached' });

    // Tags: add, edit, remove; the count follows.
    await page.getByRole('button', { name: 'Add tag' }).click();
    const add = page.getByRole('dialog', { name: 'Add tag' });
    await add.getByLabel(/Key/).fill('env');
    await add.getByLabel(/Value/).fill('production');
    await add.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('heading', { level: 2, name: 'Tags (1)' }).waitFor();
    await main.getByText('production').waitFor();
    expect(await storedTags(device.id)).toEqual([{ tag_key: 'env', value: 'production' }]);

    await page.getByRole('button', { name: 'Edit tag env' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit tag' });
    await edit.getByLabel(/Value/).fill('staging');
    await edit.getByRole('button', { name: 'Save' }).click();
    await main.getByText('staging').waitFor();
    expect(await storedTags(device.id)).toEqual([{ tag_key: 'env', value: 'staging' }]);

    await page.getByRole('button', { name: 'Remove tag env' }).click();
    await page.getByRole('dialog', { name: 'Remove tag?' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('heading', { level: 2, name: 'Tags (0)' }).waitFor();
    expect(await storedTags(device.id)).toEqual([]);
    await expectPageSound(page);
  });

  it('lets an observer read the card without edit controls', async () => {
    const admin = await createUser(e2e.stack, 'summary-admin');
    const device = await seededDevice(admin);
    await e2e.stack.app.db.updateTable('device').set({ note: 'line one\nline two <b>not bold</b>' }).where('id', '=', device.id).execute();
    await e2e.stack.app.db.insertInto('device_tag').values({ device: device.id, tag_key: 'site', value: 'north' }).execute();
    const observer = await createUser(e2e.stack, 'summary-observer');
    await addFleetRole(e2e.stack, admin, device.orgId, device.fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await openSummary(page, observer, device.uuid, device.name);
    await page.getByRole('heading', { level: 2, name: 'Tags (1)' }).waitFor();
    await page.getByRole('main').getByText('north').waitFor();
    // The note is shown as text with its line break, the markup as typed (not rendered).
    await page.getByText(/line one\s+line two <b>not bold<\/b>/).waitFor();
    expect(await page.locator('main b').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Note' }).count()).toBe(0);
    for (const name of ['Rename device', 'Edit note', 'Add tag', 'Edit tag site', 'Remove tag site']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    await expectPageSound(page);
  });
});
