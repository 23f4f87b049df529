// Delete account as a user walks it (accounts spec §4 steps, §5 rules, §8 messages, §9 delay):
// a wrong password fails the first step and keeps the session; the right one runs every step,
// signs out, and the credentials no longer work.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { sql } from 'kysely';

const e2e = useBrowserStack();
let page: Page;

// Runs in the browser; e2e has no DOM types, so the storage is reached through globalThis.
type BrowserStorage = { getItem(key: string): string | null };
const sessionToken = () => page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.getItem('flotilla.token') ?? '');

describe('delete account', () => {
  it('refuses a wrong password, then deletes the account and its organizations and signs out', async () => {
    page = await e2e.newPage();
    const email = `delete-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password';
    await page.goto(`${e2e.stack.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/signup\/profile$/);

    // Two organizations the user alone administers: the "Delete organizations" step shows.
    const token = await sessionToken();
    for (const name of ['Delete Org A', 'Delete Org B']) {
      const res = await e2e.stack.api('POST', '/v7/organization', token, { name: `${name} ${randomBytes(3).toString('hex')}` });
      expect(res.status, res.text).toBe(201);
    }

    await page.goto(`${e2e.stack.url}/preferences/details`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await dialog.getByText('Delete organizations').waitFor();
    expect(await dialog.getByTestId('delete-step-deleteAccount').getAttribute('data-state')).toBe('pending');

    // Wrong password: the first step fails with the spec message and the session stays.
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Invalid password').waitFor();
    expect(await dialog.getByTestId('delete-step-verifyPassword').getAttribute('data-state')).toBe('failed');
    expect(await dialog.getByTestId('delete-step-cancelSubscriptions').getAttribute('data-state')).toBe('pending');
    expect(page.url()).toMatch(/\/preferences\/details$/);
    expect(await sessionToken()).not.toBe('');

    // Right password: every step done, the success message, then signed out to /login.
    await dialog.getByLabel('Password').fill(password);
    // Timed in the page (when the message appears, when the session token is removed), not by
    // this test's polling, which a busy machine delays by a second or more. sessionStorage and
    // Date.now(), as the sign-out reloads the page.
    await page.evaluate((message) => {
      type Store = { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void };
      const g = globalThis as unknown as { document: { body: { textContent: string | null } }; sessionStorage: Store; Storage: { prototype: Store } };
      const remove = g.Storage.prototype.removeItem;
      g.Storage.prototype.removeItem = function (this: Store, key: string) {
        if (key === 'flotilla.token' && g.sessionStorage.getItem('e2e.shownAt') !== null) g.sessionStorage.setItem('e2e.signedOutAt', String(Date.now()));
        remove.call(this, key);
      };
      const tick = () => {
        if (g.document.body.textContent?.includes(message)) g.sessionStorage.setItem('e2e.shownAt', String(Date.now()));
        else setTimeout(tick, 10);
      };
      tick();
    }, 'Your account has been deleted. You will be signed out.');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your account has been deleted. You will be signed out.').waitFor();
    for (const key of ['verifyPassword', 'cancelSubscriptions', 'deleteOrganizations', 'deleteAccount']) {
      expect(await dialog.getByTestId(`delete-step-${key}`).getAttribute('data-state'), key).toBe('done');
    }
    await page.waitForURL(/\/login/);
    // The spec's 2 s between the message and the sign-out (accounts §9), less the polling's lag.
    const waited = await page.evaluate(() => {
      const { sessionStorage } = globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } };
      return Number(sessionStorage.getItem('e2e.signedOutAt')) - Number(sessionStorage.getItem('e2e.shownAt'));
    });
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(10_000);
    expect(await sessionToken()).toBe('');

    // The credentials are gone.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid login credentials').first().waitFor();
    const left = await e2e.stack.app.db.selectFrom('user').select('id').where('email', '=', email).execute();
    expect(left).toHaveLength(0);
  });

  it('refuses while an organization the user alone administers owns fleets, then deletes it with the account', async () => {
    const email = `fleets-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password';
    const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
    expect(reg.status).toBe(201);
    // Exactly one organization the user alone administers: the personal one from sign-up, or one made now.
    const preview = await e2e.stack.api('GET', '/user/v1/account/deletion', reg.text);
    let [org] = preview.json<{ soleAdminOrganizations: { id: number; name: string }[] }>().soleAdminOrganizations;
    if (!org) {
      const created = await e2e.stack.api('POST', '/v7/organization', reg.text, { name: `Fleet Owner ${randomBytes(3).toString('hex')}` });
      expect(created.status, created.text).toBe(201);
      org = created.json<{ id: number; name: string }>();
    }
    const fleetId = await insertFleet(org.id);

    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/fleets$/);
    await page.goto(`${e2e.stack.url}/preferences/details`);
    const previewLoaded = page.waitForResponse((r) => r.url().endsWith('/user/v1/account/deletion') && r.ok());
    await page.getByRole('button', { name: 'Delete account' }).click();
    await previewLoaded;
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    // One sole-admin organization: it goes with the account, so there is no separate step.
    await dialog.getByTestId('delete-step-deleteAccount').waitFor();
    expect(await dialog.getByTestId('delete-step-deleteOrganizations').count()).toBe(0);

    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText(`Delete or transfer the fleets of these organizations first: ${org.name}.`, { exact: true }).waitFor();
    expect(await dialog.getByTestId('delete-step-verifyPassword').getAttribute('data-state')).toBe('done');
    expect(await dialog.getByTestId('delete-step-deleteAccount').getAttribute('data-state')).toBe('failed');
    expect(await sessionToken()).not.toBe('');
    expect(await e2e.stack.app.db.selectFrom('user').select('id').where('email', '=', email).execute()).toHaveLength(1);

    // With the fleet gone, the same dialog deletes the account and the organization.
    await e2e.stack.app.db.deleteFrom('application').where('id', '=', fleetId).execute();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your account has been deleted. You will be signed out.').waitFor();
    await page.waitForURL(/\/login/);
    expect(await e2e.stack.app.db.selectFrom('organization').select('id').where('id', '=', org.id).execute()).toHaveLength(0);
  });
});

/** A fleet row owned by the organization (the fleet screens are not needed for this). */
async function insertFleet(orgId: number): Promise<number> {
  const db = e2e.stack.app.db;
  const arch = await sql<{ id: number }>`INSERT INTO cpu_architecture (slug) VALUES ('amd64') ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`.execute(db);
  const deviceType = await sql<{ id: number }>`INSERT INTO device_type (slug, name, is_of__cpu_architecture) VALUES ('generic-x86-64', 'Generic', ${arch.rows[0]!.id})
    ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id`.execute(db);
  const appType = await sql<{ id: number }>`INSERT INTO application_type (slug, name) VALUES ('microservices', 'Microservices')
    ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id`.execute(db);
  const actor = await sql<{ id: number }>`INSERT INTO actor DEFAULT VALUES RETURNING id`.execute(db);
  const suffix = randomBytes(4).toString('hex');
  const fleet = await sql<{ id: number }>`INSERT INTO application (actor, app_name, slug, uuid, organization, is_for__device_type, application_type)
    VALUES (${actor.rows[0]!.id}, ${'f' + suffix}, ${'o/f' + suffix}, ${randomBytes(16).toString('hex')}, ${orgId}, ${deviceType.rows[0]!.id}, ${appType.rows[0]!.id})
    RETURNING id`.execute(db);
  return fleet.rows[0]!.id;
}
