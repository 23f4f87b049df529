// What a 390 px phone shows, beyond "the page never scrolls sideways" (routes.spec.ts): a command
// to copy (deploy, add release) is shown whole, wrapped onto more lines, never cut at the edge of
// its field with the rest hidden; the action buttons of the organization pages wrap onto a new
// line instead of squeezing their labels onto two; a form dialog taller than the screen keeps its
// buttons in view; the header's first button lies inside the screen (CONVENTIONS "usable at 390
// px wide").
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { runAxe, seriousViolations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const e2e = useBrowserStack();
let admin: E2eUser;
let org: { id: number; name: string };
let fleet: { id: number; slug: string };

beforeAll(async () => {
  admin = await createUser(e2e.stack, 'phone');
  org = await createOrganization(e2e.stack, admin, 'Phone');
  const id = await createFleet(e2e.stack, admin, org.id, 'greenhouse-sensors-north-wing');
  const { slug } = await e2e.stack.app.db.selectFrom('application').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
  fleet = { id, slug: slug as string };
});

async function phonePage(path: string, viewport = PHONE): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  // The cookie choice is made, so the banner stays away.
  await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  await signInAs(page, e2e.stack, admin, path);
  return page;
}

/** Each text field of `scope` shows its whole value: nothing of it lies beyond the field's edge. */
async function expectValuesShownWhole(scope: Locator): Promise<void> {
  const fields = await scope.getByRole('textbox').evaluateAll((els) =>
    els.map((el) => {
      const field = el as unknown as { value: string; scrollWidth: number; clientWidth: number };
      return { value: field.value, hidden: field.scrollWidth - field.clientWidth };
    }),
  );
  expect(fields.length).toBeGreaterThan(0);
  for (const field of fields) expect(field.hidden, `"${field.value}" is cut by ${field.hidden} px`).toBeLessThanOrEqual(1);
}

/** The words of `scope`'s text that the layout breaks across two lines ("Overrid" / "es"). */
async function wordsBrokenMidWord(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    type Rect = { top: number; width: number };
    type TextNode = { textContent: string | null };
    const { document } = globalThis as unknown as {
      document: { createTreeWalker(r: unknown, what: number): { nextNode(): TextNode | null }; createRange(): { setStart(n: unknown, i: number): void; setEnd(n: unknown, i: number): void; getClientRects(): Rect[] } };
    };
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/[A-Za-z]{4,}/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** The button's label is on one line (its content box holds less than two lines of text). */
async function labelLines(button: Locator): Promise<number> {
  return button.evaluate((el) => {
    const { getComputedStyle } = globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string; paddingTop: string; paddingBottom: string } };
    const style = getComputedStyle(el);
    const content = (el as unknown as { clientHeight: number }).clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round(content / parseFloat(style.lineHeight));
  });
}

describe('at 390 px', () => {
  it('the deploy commands of a fleet are shown whole, wrapped, and still read as the command', async () => {
    const page = await phonePage(`/fleets/${fleet.id}`);
    await page.getByRole('button', { name: 'Deploy release' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deploy to existing fleet' });
    expect(await dialog.getByRole('textbox', { name: 'Build locally and deploy' }).inputValue()).toBe(`balena deploy ${fleet.slug}`);
    await expectValuesShownWhole(dialog);
  });

  it('the commands of "Add a release" are shown whole, the server address included', async () => {
    const page = await phonePage(`/fleets/${fleet.id}/releases`);
    await page.getByRole('button', { name: 'Add release' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a release' });
    expect(await dialog.getByRole('textbox', { name: 'Server setting' }).inputValue()).toBe(`export BALENARC_API_URL=${e2e.stack.url}`);
    await expectValuesShownWhole(dialog);
  });

  it('the organization pages keep each action label on one line', async () => {
    const page = await phonePage(`/orgs/${org.id}`);
    await page.getByRole('heading', { level: 1, name: org.name }).waitFor();
    const actions = page.getByRole('group', { name: 'Organization actions' });
    await actions.getByRole('button', { name: 'Delete organization' }).waitFor();
    for (const name of ['Rename', 'Change logo', 'Delete organization']) expect(await labelLines(actions.getByRole('button', { name })), name).toBe(1);

    await page.goto(`${e2e.stack.url}/orgs`);
    await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
    expect(await labelLines(page.getByRole('button', { name: 'Create organization' }))).toBe(1);
  });

  it('a form dialog taller than the screen scrolls its fields between the title and the buttons', async () => {
    const page = await phonePage(`/orgs/${org.id}/billing`);
    await page.getByRole('button', { name: 'Edit company info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit company info' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.waitFor();
    const content = dialog.locator('.MuiDialogContent-root');
    const overflow = (el: Locator) =>
      el.evaluate((e) => {
        const box = e as unknown as { scrollHeight: number; clientHeight: number };
        return box.scrollHeight - box.clientHeight;
      });
    // Eleven fields do not fit in 844 px: the fields scroll, the dialog as a whole does not.
    expect(await overflow(content), 'the fields scroll by').toBeGreaterThan(0);
    // The dialog role is on MUI's paper, the box that scrolled as a whole.
    expect(await overflow(dialog), 'the dialog itself scrolls by').toBeLessThanOrEqual(1);
    for (const button of [save, dialog.getByRole('button', { name: 'Cancel' })]) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height, 'the button ends within the screen').toBeLessThanOrEqual(PHONE.height);
    }
  });

  it("the header's navigation button and its focus ring lie inside the screen", async () => {
    const page = await phonePage(`/fleets/${fleet.id}`);
    const button = page.getByRole('button', { name: 'Navigation menu' });
    await button.focus();
    const box = (await button.boundingBox())!;
    // The focus ring is drawn 2 px outside the button, 2 px wide.
    expect(box.x, 'the button starts at x').toBeGreaterThanOrEqual(4);
  });

  it("a list's pager is one line, its page arrows at the right end", async () => {
    const page = await phonePage('/fleets');
    const next = page.getByRole('button', { name: 'Go to next page' });
    await next.waitFor();
    const arrow = (await next.boundingBox())!;
    const label = (await page.getByText('Rows per page', { exact: true }).boundingBox())!;
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(arrow) - middle(label)), 'the arrows are that far below the page size').toBeLessThan(8);
    expect(arrow.x + arrow.width, 'the arrows end at x').toBeGreaterThan(PHONE.width - 64);
  });

  // The main dialog of each kind of screen, opened from the keyboard as a phone user with a
  // keyboard would: it fits the screen with its buttons, is axe-clean, and Escape closes it and
  // gives focus back to the button that opened it.
  const DIALOGS: Array<{ path: () => string; button: string; dialog: string }> = [
    { path: () => '/fleets', button: 'Create fleet', dialog: 'Create fleet' },
    { path: () => `/fleets/${fleet.id}`, button: 'Add device', dialog: 'Add device' },
    { path: () => `/fleets/${fleet.id}`, button: 'Add tag', dialog: 'Add tag' },
    { path: () => `/fleets/${fleet.id}/envvars`, button: 'Add variable', dialog: 'Add variable' },
    { path: () => `/fleets/${fleet.id}/api-keys`, button: 'Create provisioning key', dialog: 'Create provisioning key' },
    { path: () => '/orgs', button: 'Create organization', dialog: 'Create organization' },
    { path: () => `/orgs/${org.id}/members`, button: 'Invite member', dialog: 'Invite member' },
    { path: () => '/preferences/access-tokens', button: 'Create access token', dialog: 'Create access token' },
    { path: () => '/preferences/sshkeys', button: 'Add SSH key', dialog: 'Add SSH key' },
  ];
  for (const { path, button, dialog: name } of DIALOGS) {
    it(`"${name}" fits the screen, is axe-clean, and gives focus back on Escape`, async () => {
      const page = await phonePage(path());
      const opener = page.getByRole('button', { name: button, exact: true }).first();
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      for (const action of await dialog.locator('.MuiDialogActions-root button').all()) {
        const at = (await action.boundingBox())!;
        expect(at.y + at.height, `${await action.textContent()} ends below the screen`).toBeLessThanOrEqual(PHONE.height);
      }
      expect(seriousViolations(await runAxe(page, [['[role="dialog"]']]))).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
    });
  }

  it("the configuration tables' headings keep their words whole", async () => {
    const page = await phonePage(`/fleets/${fleet.id}/config`);
    const table = page.getByRole('region', { name: 'Fleet configuration variables' });
    await table.getByRole('columnheader', { name: 'Overrides' }).waitFor();
    expect(await wordsBrokenMidWord(table.locator('thead'))).toEqual([]);
  });
});

describe('a table cell with long text', () => {
  const LONG = 'greenhouse-north-wing-sensor-provisioning-for-the-second-floor-and-the-seed-store';
  let keyName: string;

  beforeAll(async () => {
    keyName = `${LONG}-key`;
    const res = await e2e.stack.api('POST', `/api-key/application/${fleet.id}/provisioning`, admin.token, { name: keyName, description: `${LONG} ${LONG} ${LONG}` });
    expect(res.status, res.text).toBe(200);
  });

  it('is cut with an ellipsis at 1440 px, so the row keeps its action in view, and shows its whole text on hover', async () => {
    const page = await phonePage(`/fleets/${fleet.id}/api-keys`, DESKTOP);
    const table = page.getByRole('region', { name: 'Provisioning keys' });
    const revoke = table.getByRole('button', { name: `Revoke ${keyName}` });
    await revoke.waitFor();
    const fits = await table.evaluate((el) => {
      const box = el as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth - box.clientWidth;
    });
    expect(fits, 'the table is wider than its container by').toBeLessThanOrEqual(1);
    expect((await revoke.boundingBox())!.x + (await revoke.boundingBox())!.width).toBeLessThanOrEqual(DESKTOP.width);

    const description = table.getByRole('cell', { name: `${LONG} ${LONG} ${LONG}` });
    await description.hover();
    expect(await description.getAttribute('title')).toBe(`${LONG} ${LONG} ${LONG}`);
    // A cell that fits gets no title repeating it.
    const created = table.getByRole('row', { name: new RegExp(keyName) }).getByRole('cell').nth(2);
    await created.hover();
    expect(await created.getAttribute('title')).toBeNull();
  });

  it('is cut at 390 px too: no text column is wider than 60% of the screen', async () => {
    const page = await phonePage(`/fleets/${fleet.id}/api-keys`);
    const row = page.getByRole('row', { name: new RegExp(keyName) });
    await row.waitFor();
    const widths = await row.getByRole('cell').evaluateAll((cells) => cells.map((c) => (c as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeLessThanOrEqual(PHONE.width * 0.6 + 32 + 1);
  });
});
