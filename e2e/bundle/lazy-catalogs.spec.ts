// The words of lazily loaded screens travel with their chunks (issue 16 W10, lib/i18n.ts): a
// namespace only such screens read is not in the app's catalog chunk that /fleets' first load
// waits for, but in `features/<f>/<ns>-catalog.ts`, imported by the page, dialog or card that reads
// it. Walked in Chromium the way a user goes, client-side from /fleets (the app catalogs in, the
// rest not yet): every screen whose words moved out, and the dialog the fleet list opens, show no
// catalog key in place of a word, in text or in an accessible name, not even for one render.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createDemoWorld, type DemoWorld } from '../support/demo-world.ts';
import { signInAs } from '../support/organizations.ts';

const e2e = useBrowserStack();
let world: DemoWorld;

const LOCALES = join(import.meta.dirname, '../../apps/web/src/locales/en');
const namespaceOf = (file: string) => file.replace(/\.json$/, '').replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/**
 * Every text a missing catalog would put on screen: each key as i18next returns it when its
 * namespace is not loaded (the key itself, without the plural suffix), and with its namespace.
 * Keys that are also a word of some catalog (a real text) are left out.
 */
function catalogKeys(): { keys: string[]; namespaces: string[] } {
  const keys = new Set<string>();
  const words = new Set<string>();
  const walk = (namespace: string, node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      words.add(node.trim());
      const key = path.join('.').replace(/_(zero|one|two|few|many|other)$/, '');
      keys.add(key);
      keys.add(`${namespace}:${key}`);
      return;
    }
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(namespace, v, [...path, k]);
  };
  const files = readdirSync(LOCALES).filter((f) => f.endsWith('.json'));
  for (const file of files) walk(namespaceOf(file), JSON.parse(readFileSync(join(LOCALES, file), 'utf8')), []);
  return { keys: [...keys].filter((k) => !words.has(k)), namespaces: files.map(namespaceOf) };
}

let keys: string[];
let namespaces: string[];

beforeAll(async () => {
  ({ keys, namespaces } = catalogKeys());
  world = await createDemoWorld(e2e.stack, 2);
});

/**
 * Keeps every text the page ever puts in the document (`__texts`), so a key shown for one render
 * and then replaced by its word is caught too, not only what is on screen when the check runs.
 */
const RECORD_TEXTS = `
  window.__texts = [];
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') window.__texts.push(record.target.nodeValue || '');
      for (const node of record.addedNodes) {
        if (node.nodeType === 3) window.__texts.push(node.nodeValue || '');
        else if (node.nodeType === 1) window.__texts.push(...Array.from(node.querySelectorAll('*')).concat(node).flatMap((el) => [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.nodeValue || '')));
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/**
 * The texts that are a catalog key: each text node shown since the last check and now, and the
 * accessible names and hints in attributes, compared whole with the keys, and the body's text
 * searched for a `namespace:key`.
 */
async function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    ([known, spaces]) => {
      type El = { getAttribute(name: string): string | null };
      const doc = (globalThis as unknown as {
        document: {
          body: { innerText: string };
          createTreeWalker(root: unknown, what: number): { nextNode(): { nodeValue: string | null } | null };
          querySelectorAll(selector: string): ArrayLike<El>;
        };
      }).document;
      const keySet = new Set(known);
      const found = new Set<string>();
      const texts: string[] = (globalThis as unknown as { __texts?: string[] }).__texts?.splice(0) ?? [];
      const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? '');
      for (const el of Array.from(doc.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(el.getAttribute(name) ?? '');
      }
      for (const text of texts) if (keySet.has(text.trim())) found.add(text.trim());
      const prefixed = new RegExp(`\\b(?:${spaces.join('|')}):[a-zA-Z_][\\w.]*`, 'g');
      for (const match of doc.body.innerText.matchAll(prefixed)) found.add(match[0]);
      return [...found];
    },
    [keys, namespaces] as const,
  );
}

/** Waits for the page at `path` to have rendered (its h1, nothing loading), then checks its words. */
async function wordsIn(page: Page, path: RegExp | string, what: string): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('[data-testid="loading-state"], .MuiSkeleton-root').count(), { message: `${what} still loading`, timeout: 15_000 }).toBe(0);
  expect(await rawKeys(page), `catalog keys shown on ${what} (${page.url()})`).toEqual([]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const sidebar = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true }).click();

describe('screens whose words load with their chunks, reached client-side from /fleets', () => {
  it('the detector finds a key in place of a word', async () => {
    // What a screen looked like with its catalog missing (a unit test saw it): the key itself.
    expect(keys).toContain('settings.delete.button');
    expect(keys).toContain('fleetSettings:rename.title');
    expect(keys).not.toContain('Fleets');
  });

  it('fleet, device, release, organization and preferences pages show their words', async () => {
    const { fleet, devices, org, team, colleague } = world;
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');${RECORD_TEXTS}` });
    await signInAs(page, e2e.stack, world.user, '/fleets');
    await wordsIn(page, '/fleets', 'the fleet list');

    // The create-fleet dialog, a chunk of its own with the application type field (fleetSettings),
    // the deploy notice (deploy) and the create-organization choice (organizations).
    await page.getByRole('button', { name: 'Create fleet' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create fleet' });
    await dialog.waitFor();
    expect(await rawKeys(page), 'catalog keys in the create-fleet dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const fleetPath = `/fleets/${fleet.id}`;
    await page.getByRole('link', { name: fleet.name, exact: true }).click();
    await wordsIn(page, fleetPath, 'the fleet summary');

    await sidebar(page, 'Devices');
    await wordsIn(page, `${fleetPath}/devices`, 'the device list');
    await page.getByRole('link', { name: devices[0]!.name, exact: true }).click();
    await wordsIn(page, /^\/devices\/[^/]+(\/summary)?$/, 'the device summary');
    for (const [entry, path] of [
      ['Actions', 'actions'],
      ['Settings', 'settings'],
      ['Location', 'location'],
    ] as const) {
      await sidebar(page, entry);
      await wordsIn(page, `/devices/${devices[0]!.uuid}/${path}`, `the device ${path} page`);
    }
    await sidebar(page, 'Devices');
    await wordsIn(page, `${fleetPath}/devices`, 'the device list, again');

    await sidebar(page, 'Releases');
    await wordsIn(page, `${fleetPath}/releases`, 'the release list');
    await page.locator(`main a[href^="${fleetPath}/releases/"]`).first().click();
    await wordsIn(page, new RegExp(`^${fleetPath}/releases/\\d+/summary$`), 'the release summary');
    await sidebar(page, 'Settings');
    await wordsIn(page, new RegExp(`^${fleetPath}/releases/\\d+/settings$`), 'the release settings');
    await sidebar(page, 'All releases');
    await wordsIn(page, `${fleetPath}/releases`, 'the release list, again');
    for (const [entry, path] of [
      ['Settings', 'settings'],
      ['Members', 'members'],
      ['Teams', 'teams'],
      ['Provisioning keys', 'api-keys'],
    ] as const) {
      await sidebar(page, entry);
      await wordsIn(page, `${fleetPath}/${path}`, `the fleet ${path} page`);
    }

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await wordsIn(page, '/preferences/details', 'the preferences details tab');
    for (const [tab, path] of [
      ['SSH keys', 'sshkeys'],
      ['Access tokens', 'access-tokens'],
      ['Profile', 'profile'],
      ['Two-factor authentication', '2fa'],
      ['Experimental features', 'experimental'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await wordsIn(page, `/preferences/${path}`, `the preferences ${path} tab`);
    }

    // Preferences have no sidebar entries: home by the header's name, then to the organizations.
    await page.locator('header a[href="/"]').click();
    await wordsIn(page, '/fleets', 'the fleet list, again');
    await sidebar(page, 'Organizations');
    await wordsIn(page, '/orgs', 'the organization list');
    await page.getByRole('link', { name: org.name, exact: true }).click();
    await wordsIn(page, `/orgs/${org.id}`, 'the organization summary');
    await sidebar(page, 'Members');
    await wordsIn(page, `/orgs/${org.id}/members`, 'the member list');
    await page.getByRole('link', { name: colleague.username, exact: true }).click();
    await wordsIn(page, new RegExp(`^/orgs/${org.id}/members/\\d+$`), 'a member page');
    await sidebar(page, 'Teams');
    await wordsIn(page, new RegExp(`^/orgs/${org.id}/members/\\d+/teams$`), "a member's teams");
    await page.goBack();
    await page.goBack();
    await wordsIn(page, `/orgs/${org.id}/members`, 'the member list, again');
    await sidebar(page, 'Teams');
    await wordsIn(page, `/orgs/${org.id}/teams`, 'the team list');
    await page.getByRole('link', { name: team.name, exact: true }).click();
    await wordsIn(page, `/orgs/${org.id}/teams/${team.id}`, 'a team page');
    await sidebar(page, 'Members');
    await wordsIn(page, `/orgs/${org.id}/teams/${team.id}/members`, "a team's members");
  });
});
