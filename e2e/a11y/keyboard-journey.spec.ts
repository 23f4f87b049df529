// The dashboard with the keyboard only (issue 9 item 2; WCAG 2.1.1 keyboard, 2.4.1 bypass
// blocks, 2.4.7 focus visible): sign in, skip the navigation, open a fleet from /fleets, open a
// device from the fleet's device list, open the user menu and sign out, with Tab, Enter, Escape
// and the arrow keys, never the mouse. Every element that takes focus on the way shows it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createDemoWorld, type DemoWorld } from '../support/demo-world.ts';
import { PASSWORD, signInAs } from '../support/organizations.ts';

const e2e = useBrowserStack();
let world: DemoWorld;
let page: Page;

beforeAll(async () => {
  world = await createDemoWorld(e2e.stack, 3);
});

interface Focused {
  tag: string;
  /** The accessible text: aria-label, else the text content. */
  name: string;
  /** How the focus shows: the element's outline or box-shadow, or a text field's focused border; '' when it does not. */
  indicator: string;
}

/** What has focus and how it shows (runs in the page; e2e has no DOM types). */
function focused(p: Page): Promise<Focused | null> {
  return p.evaluate(() => {
    type El = { tagName: string; textContent: string | null; getAttribute(n: string): string | null; closest(s: string): El | null; querySelector(s: string): El | null };
    type Style = { outlineStyle: string; outlineWidth: string; outlineColor: string; boxShadow: string; borderTopWidth: string; borderTopColor: string };
    const g = globalThis as unknown as { document: { activeElement: El | null; body: El }; getComputedStyle(e: El): Style };
    const el = g.document.activeElement;
    if (!el || el === g.document.body) return null;
    const style = g.getComputedStyle(el);
    let indicator = '';
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) indicator = `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    else if (style.boxShadow && style.boxShadow !== 'none') indicator = `box-shadow ${style.boxShadow}`;
    else {
      // MUI text fields show focus on their frame (a 2px border in the primary colour), not on the <input>.
      const frame = el.closest('.MuiOutlinedInput-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
      if (frame) {
        const border = g.getComputedStyle(frame);
        if (parseFloat(border.borderTopWidth) >= 2) indicator = `text field border ${border.borderTopWidth} ${border.borderTopColor}`;
      }
    }
    return { tag: el.tagName, name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), indicator };
  });
}

/** The focused element, which must show its focus. */
async function expectVisibleFocus(p: Page, step: string): Promise<Focused> {
  const now = await focused(p);
  expect(now, `${step}: nothing focused`).not.toBeNull();
  expect(now!.indicator, `${step}: focus on <${now!.tag}> "${now!.name}" is not visible`).not.toBe('');
  return now!;
}

/**
 * Presses `key` until the focused element matches `target` (each stop on the way must show its
 * focus too), at most `limit` times.
 */
async function pressUntil(p: Page, key: 'Tab' | 'Shift+Tab' | 'ArrowDown', target: { tag?: string; name: string | RegExp }, limit = 60): Promise<Focused> {
  const matches = (f: Focused | null) =>
    f !== null && (target.tag === undefined || f.tag === target.tag) && (typeof target.name === 'string' ? f.name === target.name : target.name.test(f.name));
  for (let i = 0; i < limit; i++) {
    await p.keyboard.press(key);
    const now = await focused(p);
    if (now) await expectVisibleFocus(p, `${key} towards "${String(target.name)}"`);
    if (matches(now)) return now!;
  }
  throw new Error(`"${String(target.name)}" not reached with ${limit} × ${key}; focus is on ${JSON.stringify(await focused(p))}`);
}

/** After a navigation the shell moves focus to the new page's h1. */
async function expectHeadingFocused(p: Page, name: string): Promise<void> {
  await expect.poll(() => focused(p).then((f) => f && { tag: f.tag, name: f.name })).toEqual({ tag: 'H1', name });
}

describe('keyboard only', () => {
  it('signs in, skips to the content, opens a fleet and a device, and signs out from the user menu', async () => {
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${e2e.stack.url}/login`);
    await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}'),
    );
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Sign in: the email field has focus first; Tab to the password, Tab to the button, Enter.
    await expect.poll(() => focused(page).then((f) => f?.tag)).toBe('INPUT');
    await expectVisibleFocus(page, 'email field');
    await page.keyboard.type(world.user.email);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'password field');
    await page.keyboard.type(PASSWORD);
    await pressUntil(page, 'Tab', { tag: 'BUTTON', name: 'Sign in' }, 3);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/fleets$/);
    await expectHeadingFocused(page, 'Fleets');

    // Back to the top of the page, where the skip link is the first stop; Enter lands in main.
    await pressUntil(page, 'Shift+Tab', { tag: 'A', name: 'Skip to main content' });
    expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id)).toBe('main-content');

    // From main, the fleet's link in the list; Enter opens its summary.
    await pressUntil(page, 'Tab', { tag: 'A', name: world.fleet.name });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/fleets/${world.fleet.id}$`));
    await expectHeadingFocused(page, world.fleet.name);

    // The summary's link to the device list, then a device's link in the list.
    await pressUntil(page, 'Tab', { name: /view devices/i });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/fleets/${world.fleet.id}/devices`));
    await expectHeadingFocused(page, 'Devices');
    const device = world.devices[0]!;
    await page.getByRole('link', { name: device.name }).waitFor();
    await pressUntil(page, 'Tab', { tag: 'A', name: device.name });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/devices/${device.uuid}/summary$`));
    await page.getByText(device.uuid).first().waitFor();

    // The user menu: back up to the account button, open it with Enter (focus moves into the
    // menu), Escape closes it and returns focus; open again and walk down to Sign out.
    const account = await pressUntil(page, 'Shift+Tab', { tag: 'BUTTON', name: /Account menu$/ }, 80);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // The page asks for reduced motion (support/browser-stack.ts): the menu appears without its grow.
    expect(await page.locator('.MuiMenu-paper').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { transitionDuration: string } }).getComputedStyle(el).transitionDuration)).toBe('0s');
    await expect.poll(() => focused(page).then((f) => f?.tag)).toBe('LI');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect((await expectVisibleFocus(page, 'account button after Escape')).name).toBe(account.name);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await pressUntil(page, 'ArrowDown', { name: 'Sign out' }, 6);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/login/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate("localStorage.getItem('flotilla.token')")).toBeNull();
  });

  it("keeps focus on a form's Save button through the save (the button is disabled while it saves)", async () => {
    // The journey above signed its user out: the colleague saves their profile.
    page = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
    await signInAs(page, e2e.stack, world.colleague, '/preferences/profile');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Company').fill('Analytical Engines');
    await page.getByLabel('Personal').check();
    await pressUntil(page, 'Tab', { tag: 'BUTTON', name: 'Save' }, 8);
    await page.keyboard.press('Enter');
    await page.getByText('Profile saved').waitFor();
    // Browsers blur a control that is disabled; lib/keep-focus-on-disable.ts gives focus back.
    await expect.poll(() => focused(page).then((f) => f && { tag: f.tag, name: f.name })).toEqual({ tag: 'BUTTON', name: 'Save' });
    await expectVisibleFocus(page, 'Save after saving');
  });
});
