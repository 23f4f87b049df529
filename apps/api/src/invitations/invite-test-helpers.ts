import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { latestEmailTo, linkIn } from '../account/test-mail.ts';

/** Factories for the invitation tests: each test makes its own organization and users. */
export async function userIdOf(app: FastifyInstance, user: TestUser): Promise<number> {
  const row = await app.db.selectFrom('user').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  return row.id as number;
}

/** A signed-up user and an organization they created through the API (so they are its administrator). */
export async function orgWithAdmin(app: FastifyInstance): Promise<{ admin: TestUser; orgId: number; orgName: string }> {
  const admin = await signUp(app);
  const orgName = `Org ${Math.random().toString(36).slice(2, 8)}`;
  const res = await app.inject({ method: 'POST', url: '/v7/organization', headers: bearer(admin.token), payload: { name: orgName } });
  expect(res.statusCode, res.body).toBe(201);
  return { admin, orgId: res.json().id as number, orgName };
}

export function postInvite(app: FastifyInstance, token: string, resource: 'organization' | 'application', body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/v7/invitee__is_invited_to__${resource}`, headers: bearer(token), payload: body });
}

/** The invitation token from the latest email to `email` (the link's last path segment). */
export async function inviteTokenFor(app: FastifyInstance, email: string): Promise<{ token: string; link: URL }> {
  const link = linkIn(await latestEmailTo(app.db, email));
  return { token: link.pathname.split('/').at(-1) as string, link };
}

export async function roleId(app: FastifyInstance, table: 'organization_membership_role' | 'application_membership_role', name: string): Promise<number> {
  const row = await app.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id as number;
}
