// Set-up shared by the organization browser tests (members, invitations, the organization journey):
// users, organizations and memberships through the public API (and reference rows read from the
// database), sessions handed to the browser, invitation links read from the outbox as from an inbox.
import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { listLatestEmails } from '../../apps/api/src/email/outbox.repository.ts';
import type { Stack } from './stack.ts';

export const PASSWORD = 'a long enough password';

export interface E2eUser {
  email: string;
  token: string;
  userId: number;
  username: string;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

export async function createUser(stack: Stack, prefix: string): Promise<E2eUser> {
  const email = uniqueEmail(prefix);
  const res = await stack.api('POST', '/user/register', undefined, { email, password: PASSWORD, 'g-recaptcha-response': 'dummy' });
  expect(res.status, res.text).toBe(201);
  const row = await stack.app.db.selectFrom('user').select(['id', 'username']).where('email', '=', email).executeTakeFirstOrThrow();
  return { email, token: res.text, userId: row.id as number, username: row.username as string };
}

/** An organization created by `admin` through the API (the creator becomes its administrator). */
export async function createOrganization(stack: Stack, admin: E2eUser, prefix = 'Org'): Promise<{ id: number; name: string }> {
  const name = `${prefix} ${randomBytes(3).toString('hex')}`;
  const res = await stack.api('POST', '/v7/organization', admin.token, { name });
  expect(res.status, res.text).toBe(201);
  return { id: res.json<{ id: number }>().id, name };
}

async function orgRoleId(stack: Stack, name: 'administrator' | 'member'): Promise<number> {
  const row = await stack.app.db.selectFrom('organization_membership_role').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id as number;
}

/**
 * Adds a user to an organization with a role, as an accepted invitation would (set-up only: the
 * screens under test are elsewhere). Written to the database: the API does not let an
 * administrator add a user they cannot see by id.
 */
export async function joinOrganization(stack: Stack, userId: number, orgId: number, role: 'administrator' | 'member'): Promise<number> {
  const row = await stack.app.db
    .insertInto('organization_membership')
    .values({ user: userId, is_member_of__organization: orgId, organization_membership_role: await orgRoleId(stack, role) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

export const addMembership = (stack: Stack, user: E2eUser, orgId: number, role: 'administrator' | 'member'): Promise<number> =>
  joinOrganization(stack, user.userId, orgId, role);

/** Makes `user` a member of the organization and gives them `role` on one of its fleets, as `admin` would. */
export async function addFleetRole(stack: Stack, admin: E2eUser, orgId: number, fleetId: number, user: E2eUser, role: string): Promise<void> {
  await addMembership(stack, user, orgId, 'member');
  const roles = (await stack.api('GET', '/v7/application_membership_role?$select=id,name', admin.token)).json<{ d: Array<{ id: number; name: string }> }>();
  const res = await stack.api('POST', '/v7/user_application_membership', admin.token, {
    user: user.userId,
    is_member_of__application: fleetId,
    application_membership_role: roles.d.find((r) => r.name === role)!.id,
  });
  if (res.status !== 201) throw new Error(`fleet role ${role} for ${user.username}: ${res.status} ${res.text}`);
}

/** The role name per username in the organization, straight from the database. */
export async function rolesIn(stack: Stack, orgId: number): Promise<Record<string, string>> {
  const rows = await stack.app.db
    .selectFrom('organization_membership as m')
    .innerJoin('organization_membership_role as r', 'r.id', 'm.organization_membership_role')
    .innerJoin('user as u', 'u.id', 'm.user')
    .select(['u.username', 'r.name'])
    .where('m.is_member_of__organization', '=', orgId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.username as string, r.name as string]));
}

// Runs in the browser; e2e has no DOM types, so the storage is reached through globalThis.
type BrowserStorage = { setItem(key: string, value: string): void; clear(): void };

/** Hands the user's API session to the page (sign-in itself is covered by the auth tests). */
export async function signInAs(page: Page, stack: Stack, user: E2eUser, path: string): Promise<void> {
  // Any page of the origin can hold the token: /ping is a line of text, so the dashboard loads
  // once, at `path`, instead of first at /login (a second of CPU per sign-in on CI's machine).
  await page.goto(`${stack.url}/ping`);
  await page.evaluate((token) => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.token', token), user.token);
  await page.goto(`${stack.url}${path}`);
}

/** The path of the invitation link in the newest email to `to`. */
export async function emailedInvitationPath(stack: Stack, to: string): Promise<string> {
  const [mail] = await listLatestEmails(stack.app.db, { to, limit: 1 });
  expect(mail?.kind).toBe('organization-invite');
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '');
  expect(link.pathname).toMatch(/^\/organization\/invitation\/[^/]+$/);
  return link.pathname;
}

/** Invites `email` to the organization through the API, as the administrator would from the dialog. */
export async function inviteByApi(stack: Stack, admin: E2eUser, orgId: number, email: string, role: 'administrator' | 'member' = 'member'): Promise<void> {
  const res = await stack.api('POST', '/v7/organization_invite', admin.token, {
    is_invited_to__organization: orgId,
    invitee: email,
    organization_membership_role: await orgRoleId(stack, role),
  });
  expect(res.status, res.text).toBe(201);
}
