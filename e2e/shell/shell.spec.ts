// The signed-in shell as its users see it on a desktop (1440×900) and a phone (390×844)
// (accounts spec §2 "Sidebar", "Header", §4 changelog, §7 /CHANGELOG.md and /buildtime.txt, §8
// offline and out-of-date alerts; CONVENTIONS "Every page: one h1, focus moved to it on
// navigation, usable at 390 px wide, axe clean"): the collapsible sidebar and the phone drawer,
// no sideways page scroll, breadcrumbs, header links only when configured, the changelog
// dialog, the skip link, focus and announcements after navigation, the focus ring, the offline
// and out-of-date alerts and the cookie banner.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { runAxe } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DOCS_URL = 'https://docs.example.org/start';
const FORUMS_URL = 'https://forums.example.org/';

// Two of the seven header links configured: only those two may show.
const e2e = useBrowserStack({ headerLinks: { docs: DOCS_URL, forums: FORUMS_URL } });
let page: Page | undefined;
let user: { username: string; token: string };
let org: { id: number; name: string };
let fleet: { id: number; name: string };

interface BrowserWindow {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

async function odata<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await e2e.stack.api(method, `/v7/${path}`, user.token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.json<T>();
}

beforeAll(async () => {
  const email = `shell-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'a long enough password' });
  expect(reg.status, reg.text).toBe(201);
  const who = (await e2e.stack.api('GET', '/user/v1/whoami', reg.text)).json<{ username: string }>();
  user = { username: who.username, token: reg.text };
  const orgs = await odata<{ d: Array<{ id: number; name: string }> }>('GET', 'organization?$select=id,name');
  org = orgs.d[0]!;
  const deviceType = await odata<{ d: Array<{ id: number }> }>('GET', "device_type?$select=id&$filter=slug eq 'raspberrypi4-64'");
  const name = `shell-fleet-${randomBytes(3).toString('hex')}`;
  const created = await odata<{ id: number }>('POST', 'application', { app_name: name, organization: org.id, is_for__device_type: deviceType.d[0]!.id, is_of__class: 'fleet' });
  fleet = { id: created.id, name };
});

/**
 * A signed-in page of its own browser context at `viewport`. `storage` seeds localStorage
 * before the dashboard starts (by default the cookie choice is made, so the banner stays away).
 */
async function signedInPage(viewport: { width: number; height: number }, storage: Record<string, string> = { 'flotilla.cookieConsent': '{"essential":true,"analytics":false}' }): Promise<Page> {
  const p = await e2e.newPage({ viewport });
  // Every Content-Security-Policy violation is recorded (as a string: no DOM types here).
  await p.context().addInitScript({
    content: `window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));`,
  });
  await p.goto(`${e2e.stack.url}/login`);
  await p.evaluate(
    ([token, entries]) => {
      const { localStorage } = globalThis as unknown as BrowserWindow;
      localStorage.setItem('flotilla.token', token);
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    [user.token, storage] as const,
  );
  return p;
}

async function openPage(p: Page, path: string, heading: string | RegExp): Promise<void> {
  await p.goto(`${e2e.stack.url}${path}`);
  await p.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The page itself never scrolls sideways (wide content scrolls in its own box). */
async function expectNoHorizontalPageScroll(p: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await p.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`).toBeLessThanOrEqual(clientWidth);
}

/** What has focus: tag, text and attributes that identify it. */
function focused(p: Page) {
  return p.evaluate(() => {
    const el = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string | null; id: string; getAttribute(n: string): string | null } | null } }).document.activeElement;
    return el ? { tag: el.tagName, text: el.textContent?.trim() ?? '', id: el.id, tabindex: el.getAttribute('tabindex') } : null;
  });
}

const cspViolations = (p: Page) => p.evaluate<string[]>('window.__cspViolations');

const mainNav = (p: Page) => p.getByRole('navigation', { name: 'Main navigation' });

/** Runs axe-core on the shell's own parts (the screens are checked by e2e/a11y/routes.spec.ts). */
async function axeViolations(p: Page): Promise<Array<{ id: string; nodes: number; targets: string[] }>> {
  const { violations, passes } = await runAxe(p, [['header'], ['.MuiDrawer-paper'], ['nav[aria-label="Breadcrumb"]'], ['a[href="#main-content"]']]);
  // The checks behind a problem this shell had (links straight in a list, no li) ran and passed.
  for (const rule of ['list', 'listitem', 'landmark-unique', 'skip-link']) expect(passes, rule).toContain(rule);
  return violations.map(({ id, nodes, targets }) => ({ id, nodes, targets }));
}

describe('shell on a desktop (1440×900)', () => {
  it('collapses the sidebar to icons and remembers it, without horizontal scroll, with breadcrumbs', async () => {
    page = await signedInPage(DESKTOP);
    await openPage(page, '/fleets', 'Fleets');
    const drawerPaper = page.locator('.MuiDrawer-paper');
    await expect.poll(() => drawerPaper.evaluate((el) => (el as unknown as { offsetWidth: number }).offsetWidth)).toBe(220);
    // No phone menu button on a desktop.
    expect(await page.getByRole('button', { name: 'Navigation menu' }).count()).toBe(0);
    await expectNoHorizontalPageScroll(page);

    const toggle = page.getByRole('button', { name: 'Navigation sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-controls')).toBe(await mainNav(page).getAttribute('id'));
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => drawerPaper.evaluate((el) => (el as unknown as { offsetWidth: number }).offsetWidth)).toBe(56);
    // Icons only, but every link keeps its name.
    await mainNav(page).getByRole('link', { name: 'Organizations' }).waitFor();
    const hiddenLabel = await mainNav(page).getByText('Organizations').boundingBox();
    expect(hiddenLabel?.width ?? 0).toBeLessThanOrEqual(1);

    // Remembered across a reload; expanded again by the same button.
    await openPage(page, '/fleets', 'Fleets');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => drawerPaper.evaluate((el) => (el as unknown as { offsetWidth: number }).offsetWidth)).toBe(220);
    expect(await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.getItem('flotilla.sidebarCollapsed'))).toBe('false');

    // An organization page: breadcrumbs lead back to the list; the current page is not a link.
    await openPage(page, `/orgs/${org.id}/members`, /Members/);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Organizations' }).getAttribute('href')).toBe('/orgs');
    expect(await crumbs.getByRole('link', { name: org.name }).getAttribute('href')).toBe(`/orgs/${org.id}`);
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Members');
    await expectNoHorizontalPageScroll(page);
    await openPage(page, `/orgs/${org.id}`, org.name);
    await expectNoHorizontalPageScroll(page);
    // A fleet page: Fleets › fleet.
    await openPage(page, `/fleets/${fleet.id}`, fleet.name);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]').textContent()).toBe(fleet.name);
    expect(await cspViolations(page)).toEqual([]);

    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows only the configured header links, opening in a new tab', async () => {
    page = await signedInPage(DESKTOP);
    await openPage(page, '/fleets', 'Fleets');
    const links = page.getByRole('navigation', { name: 'Resources' });
    expect(await links.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe(DOCS_URL);
    expect(await links.getByRole('link', { name: 'Forums' }).getAttribute('target')).toBe('_blank');
    expect(await links.getByRole('link').count()).toBe(2);
    for (const absent of ['Getting started', 'Feature requests', 'Help', 'Service status', 'Hub']) {
      expect(await page.getByRole('link', { name: absent }).count(), absent).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'More links' }).isVisible()).toBe(false);
    // The account button is named by what it shows (avatar initial, username), then what it is
    // for: WCAG 2.5.3 label in name (it used to show "S shell_…" but be named "Account menu").
    const account = page.getByRole('button', { name: 'Account menu' });
    const shown = `${(await account.locator('.MuiAvatar-root').innerText()).trim()} ${(await page.getByTestId('header-username').innerText()).trim()}`;
    expect(shown).toContain(user.username.slice(0, 17));
    expect(await account.ariaSnapshot()).toBe(`- button "${shown} Account menu"`);
    // The server answers /config with the links, and /buildtime.txt and /CHANGELOG.md revalidated.
    const config = (await e2e.stack.api('GET', '/config')).json<{ headerLinks: Record<string, string | null> }>();
    expect(config.headerLinks).toMatchObject({ docs: DOCS_URL, forums: FORUMS_URL, help: null });
    for (const file of ['/buildtime.txt', '/CHANGELOG.md']) {
      const res = await fetch(`${e2e.stack.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('opens the changelog from the header, and by itself when a newer major shipped', async () => {
    page = await signedInPage(DESKTOP);
    await openPage(page, '/fleets', 'Fleets');
    // A browser that never viewed the changelog records the newest major without opening it.
    await expect.poll(() => page!.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.getItem('flotilla.changelog.lastViewedMajor'))).toBe('4');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Changelog' }).click();
    const dialog = page.getByRole('dialog', { name: "What's new in Flotilla" });
    await dialog.getByRole('heading', { name: 'Version 4.0.0' }).waitFor();
    await dialog.getByRole('heading', { name: 'Version 1.0.0' }).waitFor();
    await dialog.getByText('Create fleets and see their devices with live status, heartbeat and resource usage.').waitFor();
    // Its text scrolls in a region that takes focus, so the keyboard scrolls it (axe scrollable-region-focusable).
    const text = dialog.getByRole('region', { name: "What's new in Flotilla" });
    await text.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => text.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cspViolations(page)).toEqual([]);

    // Last viewed major 3 < 4: the dialog opens by itself, once.
    await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.setItem('flotilla.changelog.lastViewedMajor', '3'));
    // Not openPage: the modal hides the page (aria-hidden) from the role tree, so the h1 may
    // never become visible to getByRole when the dialog opens before the list has painted.
    await page.goto(`${e2e.stack.url}/fleets`);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.getItem('flotilla.changelog.lastViewedMajor'))).toBe('4');
    await openPage(page, '/fleets', 'Fleets');
    await page.getByRole('button', { name: 'Changelog' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('offers a skip link first, moves focus to the h1 and announces the title after navigation, with a visible focus ring', async () => {
    page = await signedInPage(DESKTOP);
    await openPage(page, '/fleets', 'Fleets');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', text: 'Skip to main content' });
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.isVisible()).toBe(true);
    const ring = await skip.evaluate((el) => {
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): { outlineStyle: string; outlineWidth: string; outlineColor: string } }).getComputedStyle(el);
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
    expect(ring).toEqual({ style: 'solid', width: '2px', color: 'rgb(13, 71, 161)' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'MAIN', id: 'main-content', tabindex: '-1' });
    // From main, Tab reaches the page's own controls; its buttons show the ring.
    for (let i = 0; i < 5 && (await focused(page))?.tag !== 'BUTTON'; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Create fleet' });
    const buttonRing = await page.evaluate(() => {
      const g = globalThis as unknown as { document: { activeElement: unknown }; getComputedStyle(e: unknown): { outlineStyle: string; outlineWidth: string } };
      const style = g.getComputedStyle(g.document.activeElement);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(buttonRing).toBe('solid 2px');

    // Navigation from the sidebar: focus on the new page's h1, its title announced.
    await mainNav(page).getByRole('link', { name: 'Organizations' }).click();
    await page.waitForURL(/\/orgs$/);
    await expect.poll(() => focused(page!)).toMatchObject({ tag: 'H1', text: 'Organizations', tabindex: '-1' });
    await expect.poll(() => page!.getByTestId('route-announcer').textContent()).toBe('Organizations | Flotilla dashboard');
    expect(await page.getByTestId('route-announcer').getAttribute('aria-live')).toBe('polite');
  });

  it('asks about cookies once: essentials required, analytics off by default, keyboard operable', async () => {
    page = await signedInPage(DESKTOP, {});
    await openPage(page, '/fleets', 'Fleets');
    const banner = page.getByRole('region', { name: 'Cookie preferences' });
    await banner.waitFor();
    const essential = banner.getByRole('checkbox', { name: 'Essential (always on)' });
    expect(await essential.isChecked()).toBe(true);
    expect(await essential.isDisabled()).toBe(true);
    const analytics = banner.getByRole('checkbox', { name: 'Analytics' });
    expect(await analytics.isChecked()).toBe(false);
    // Keyboard only: focus the analytics box, tick it with Space, untick, then choose with Enter.
    await analytics.focus();
    await page.keyboard.press('Space');
    expect(await analytics.isChecked()).toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Allow selected' });
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    expect(JSON.parse((await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.getItem('flotilla.cookieConsent'))) ?? '')).toEqual({ essential: true, analytics: false });
    await openPage(page, '/fleets', 'Fleets');
    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
  });

  it('shows the offline alert when the browser goes offline or the API stops answering, and marks statuses as last known', async () => {
    page = await signedInPage(DESKTOP);
    await openPage(page, `/fleets/${fleet.id}`, fleet.name);
    const statuses = page.getByRole('list', { name: /devices by status/i });
    await statuses.getByText('Online', { exact: true }).waitFor();
    const alert = page.getByTestId('offline-alert');

    await page.context().setOffline(true);
    await alert.getByText('We are offline, trying to reconnect...').waitFor();
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    await statuses.getByText('Online (last known)').waitFor();
    await page.context().setOffline(false);
    await alert.waitFor({ state: 'detached' });
    await statuses.getByText('Online', { exact: true }).waitFor();

    // The browser is online but nothing answers: three unanswered pings flag the loss.
    const unreachable = (url: URL) => url.pathname === '/ping' || url.pathname.startsWith('/v7/');
    await page.route(unreachable, (route) => route.abort('connectionrefused'));
    await mainNav(page).getByRole('link', { name: 'Devices', exact: true }).click();
    await alert.waitFor({ timeout: 15_000 });
    await page.unroute(unreachable);
    // Retry reconnects at once; on a loaded machine the alert's own next ping can get there first
    // and take the button away mid-click, which is the same recovery: either way the alert goes.
    const retried = alert.getByRole('button', { name: 'Retry' }).click({ timeout: 10_000 }).catch(() => undefined);
    await alert.waitFor({ state: 'detached' });
    await retried;
  });

  it('tells about a newer dashboard when /buildtime.txt changes, polled every 10 minutes', async () => {
    page = await signedInPage(DESKTOP);
    let buildTime = '2026-11-25T07:00:00.000Z';
    await page.route('**/buildtime.txt', (route) => route.fulfill({ status: 200, contentType: 'text/plain', headers: { 'cache-control': 'no-cache' }, body: `${buildTime}\n` }));
    await page.clock.install();
    await openPage(page, '/fleets', 'Fleets');
    const alert = page.getByTestId('out-of-date-alert');
    // Not before the poll, and not while the build is the same.
    await page.clock.fastForward(600_000);
    await page.waitForTimeout(500);
    expect(await alert.count()).toBe(0);
    buildTime = '2026-11-25T09:30:00.000Z';
    await page.clock.fastForward(600_000);
    await alert.getByText('A newer version of the dashboard is available.').waitFor();
    // The refresh link reloads: the new page's first build time is the new one, no alert.
    await alert.getByRole('button', { name: 'Refresh the page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fleets' }).waitFor();
    await page.waitForTimeout(500);
    expect(await alert.count()).toBe(0);
  });
});

describe('shell on a phone (390×844)', () => {
  it('opens the navigation drawer from the menu button, closes it on Escape and on navigation', async () => {
    page = await signedInPage(PHONE);
    await openPage(page, '/fleets', 'Fleets');
    await expectNoHorizontalPageScroll(page);
    // No permanent sidebar: the navigation is behind the menu button.
    expect(await mainNav(page).count()).toBe(0);
    // While the drawer is open the rest of the page is inert (aria-hidden) for assistive technology.
    const menu = page.getByRole('button', { name: 'Navigation menu', includeHidden: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const controls = await menu.getAttribute('aria-controls');
    expect(controls).toBeTruthy();

    await menu.click();
    await mainNav(page).waitFor();
    expect(await mainNav(page).getAttribute('id')).toBe(controls);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // The drawer is a modal dialog, named (axe aria-dialog-name).
    expect(await page.getByRole('dialog', { name: 'Navigation menu' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await mainNav(page).waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Escape hands focus back to the menu button.
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON' });
    expect(await menu.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);

    await menu.click();
    await mainNav(page).getByRole('link', { name: 'Organizations' }).click();
    await page.waitForURL(/\/orgs$/);
    await mainNav(page).waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page!)).toMatchObject({ tag: 'H1', text: 'Organizations' });
    await expectNoHorizontalPageScroll(page);

    // An organization page and a fleet page fit the phone too.
    await openPage(page, `/orgs/${org.id}`, org.name);
    await expectNoHorizontalPageScroll(page);
    await openPage(page, `/orgs/${org.id}/members`, /Members/);
    await expectNoHorizontalPageScroll(page);
    await openPage(page, `/fleets/${fleet.id}`, fleet.name);
    await expectNoHorizontalPageScroll(page);
    expect(await cspViolations(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('moves the header links into an overflow menu and keeps the account button named by what it shows', async () => {
    page = await signedInPage(PHONE);
    await openPage(page, '/fleets', 'Fleets');
    expect(await page.getByRole('link', { name: 'Docs' }).count()).toBe(0);
    await page.getByRole('button', { name: 'More links' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    expect(await items.allTextContents()).toEqual(['Docs (opens in a new tab)', 'Forums (opens in a new tab)']);
    expect(await items.first().getAttribute('href')).toBe(DOCS_URL);
    await page.keyboard.press('Escape');
    // The username is hidden on screen but stays in the button's name.
    const account = page.getByRole('button', { name: 'Account menu' });
    expect(await page.getByTestId('header-username').isVisible()).toBe(true);
    const box = await page.getByTestId('header-username').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    expect(await account.textContent()).toContain(user.username.slice(0, 17));
    // The header itself fits.
    const header = await page.locator('header').evaluate((el) => {
      const e = el as unknown as { scrollWidth: number; clientWidth: number };
      return e.scrollWidth <= e.clientWidth;
    });
    expect(header).toBe(true);
  });
});
