// Where keyboard focus lands (WCAG 2.4.3 focus order, 3.2.1 on focus), at 1440 px and at 390 px:
// a destructive confirmation opens on its least destructive control (Cancel, or the field to
// type the name into), so Enter or Space right after it opens destroys nothing (WAI-ARIA alert
// dialog pattern); a tab of the preferences, though its panel is a route of its own, keeps focus
// when activated by click or keyboard (WAI-ARIA tabs pattern) while a real page change still
// focuses the new page's h1; and a sign-in from an autofilled form with a mouse click lands in
// the password field, selected, next to the announced error when refused, and on the next
// page's h1 when accepted.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createDemoWorld, type DemoWorld } from '../support/demo-world.ts';
import { PASSWORD, signInAs } from '../support/organizations.ts';

const e2e = useBrowserStack();
let world: DemoWorld;

beforeAll(async () => {
  world = await createDemoWorld(e2e.stack, 2);
});

const VIEWPORTS = [
  { label: '1440 px', viewport: { width: 1440, height: 900 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

interface Focused {
  tag: string;
  role: string | null;
  /** The accessible text: aria-label, else the text content. */
  name: string;
  selected: string | null;
}

/** What has focus (runs in the page; e2e has no DOM types). */
function focused(p: Page): Promise<Focused | null> {
  return p.evaluate(() => {
    type El = { tagName: string; textContent: string | null; getAttribute(n: string): string | null };
    const el = (globalThis as unknown as { document: { activeElement: El | null; body: El } }).document.activeElement;
    if (!el || el === (globalThis as unknown as { document: { body: El } }).document.body) return null;
    return { tag: el.tagName, role: el.getAttribute('role'), name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), selected: el.getAttribute('aria-selected') };
  });
}

const isFocused = (p: Page, locator: ReturnType<Page['getByRole']>) => locator.evaluate((el) => el === (el.ownerDocument.activeElement as unknown));

async function newSignedInPage(viewport: { width: number; height: number }, user: DemoWorld['user'], path: string): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  await signInAs(page, e2e.stack, user, path);
  return page;
}

describe.each(VIEWPORTS)('destructive confirmations open on the least destructive control ($label)', ({ viewport }) => {
  it('Leave organization opens on Cancel: Enter right away keeps the membership', async () => {
    const page = await newSignedInPage(viewport, world.colleague, `/orgs/${world.org.id}`);
    await page.getByRole('heading', { level: 1, name: world.org.name }).waitFor();
    const leave = page.getByRole('button', { name: 'Leave organization' });
    await leave.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Leave organization' });
    await dialog.waitFor();
    await expect.poll(() => isFocused(page, dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const memberships = await e2e.stack.app.db
      .selectFrom('organization_membership')
      .select('id')
      .where('user', '=', world.colleague.userId)
      .where('is_member_of__organization', '=', world.org.id)
      .execute();
    expect(memberships).toHaveLength(1);
    expect(page.url()).toMatch(new RegExp(`/orgs/${world.org.id}$`));
  });

  it("Delete device from the Actions menu opens in the name field: Enter and Space right away delete nothing", async () => {
    const device = world.devices[0]!;
    const page = await newSignedInPage(viewport, world.user, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    await page.getByRole('button', { name: 'Actions', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    for (let i = 0; i < 10 && !(await focused(page))?.name.startsWith('Delete device'); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Delete ${device.name}?` });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: `Type ${device.name} to confirm` });
    await expect.poll(() => isFocused(page, field)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('button', { name: 'Delete device' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const rows = await e2e.stack.app.db.selectFrom('device').select('id').where('uuid', '=', device.uuid).execute();
    expect(rows).toHaveLength(1);
  });
});

describe.each(VIEWPORTS)('tabs keep focus; pages still focus their h1 ($label)', ({ viewport }) => {
  it('keeps focus on the preferences tab activated by click or keyboard', async () => {
    const page = await newSignedInPage(viewport, world.user, '/preferences/details');
    await page.getByRole('heading', { level: 1, name: 'Preferences' }).waitFor();
    const tab = (name: string) => page.getByRole('tab', { name });

    // By mouse: the Profile tab.
    await tab('Profile').click();
    await page.waitForURL(/\/preferences\/profile$/);
    await page.getByLabel('First name').waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', name: 'Profile', selected: 'true' });
    // Longer than the shell's wait for a page's h1: focus is still on the tab.
    await page.waitForTimeout(500);
    expect(await focused(page)).toMatchObject({ role: 'tab', name: 'Profile' });

    // By keyboard: arrows move along the tabs, Enter opens one; focus stays on it.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', name: 'Access tokens' });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/preferences\/access-tokens$/);
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', name: 'Access tokens', selected: 'true' });
    await page.waitForTimeout(500);
    expect(await focused(page)).toMatchObject({ role: 'tab', name: 'Access tokens' });
  });

  it("keeps focus on a device diagnostics tab (its panels are the page's own), and a link to another page focuses that page's h1", async () => {
    const device = world.devices[0]!;
    const page = await newSignedInPage(viewport, world.user, `/devices/${device.uuid}/diagnostics`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Supervisor state' }).click();
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', name: 'Supervisor state', selected: 'true' });

    // A real page change: the diagnostics page's link back to the device (after the breadcrumbs).
    const back = page.getByRole('main').getByRole('link', { name: device.name, exact: true }).last();
    await back.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/summary$/);
    await expect.poll(() => focused(page).then((f) => f && { tag: f.tag, name: f.name })).toEqual({ tag: 'H1', name: device.name });
  });
});

/**
 * Fills the sign-in form as a browser's autofill does: the values and their input and change
 * events, with no key press or pointer press before the user's click on Sign in.
 */
async function autofill(page: Page, email: string, password: string): Promise<void> {
  await page.evaluate(
    ([emailValue, passwordValue]) => {
      type Input = { value: string; dispatchEvent(e: unknown): boolean };
      const g = globalThis as unknown as {
        document: { querySelector(s: string): Input | null };
        HTMLInputElement: { prototype: object };
        Event: new (type: string, init: { bubbles: boolean }) => unknown;
      };
      const setValue = Object.getOwnPropertyDescriptor(g.HTMLInputElement.prototype, 'value')!.set!;
      for (const [selector, value] of [
        ['input[autocomplete="username"]', emailValue],
        ['input[autocomplete="current-password"]', passwordValue],
      ] as const) {
        const input = g.document.querySelector(selector)!;
        setValue.call(input, value);
        input.dispatchEvent(new g.Event('input', { bubbles: true }));
        input.dispatchEvent(new g.Event('change', { bubbles: true }));
      }
    },
    [email, password] as const,
  );
}

async function freshSignInPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  await page.goto(`${e2e.stack.url}/login`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to Flotilla' }).waitFor();
  return page;
}

describe.each(VIEWPORTS)('sign-in from an autofilled form, by mouse ($label)', ({ viewport }) => {
  it('refused: focus in the password field, its text selected, described by the error that is shown and announced', async () => {
    const page = await freshSignInPage(viewport);
    await autofill(page, world.user.email, 'an old password, long enough');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
    await alert.waitFor();
    expect(await alert.isVisible()).toBe(true);
    const password = page.getByLabel('Password');
    await expect.poll(() => isFocused(page, password)).toBe(true);
    expect(await password.evaluate((el) => {
      const input = el as unknown as { selectionStart: number; selectionEnd: number; value: string };
      return input.selectionStart === 0 && input.selectionEnd === input.value.length;
    })).toBe(true);
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await alert.getAttribute('id'));

    // Usable at once: typing replaces the selected text; Enter signs in and the next page's h1 has focus.
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/fleets$/);
    await expect.poll(() => focused(page).then((f) => f && { tag: f.tag, name: f.name })).toEqual({ tag: 'H1', name: 'Fleets' });
  });

  it("accepted: the next page's h1 has focus", async () => {
    const page = await freshSignInPage(viewport);
    await autofill(page, world.user.email, PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/fleets$/);
    await expect.poll(() => focused(page).then((f) => f && { tag: f.tag, name: f.name })).toEqual({ tag: 'H1', name: 'Fleets' });
  });
});
