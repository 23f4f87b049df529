// A demo-like account for the accessibility tests (e2e/a11y): a verified user who administers an
// organization with a second member, a team with fleet access, a pending invitation, a fleet
// with a few devices, an access token and an SSH key. Everything goes through the public API,
// except the devices, seeded into the fleet the way the device-list test seeds them.
import { expect } from 'vitest';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { emailedPath, newSshKey } from './accounts.ts';
import { createOrganization, createUser, inviteByApi, joinOrganization, type E2eUser } from './organizations.ts';
import type { Stack } from './stack.ts';

export interface DemoWorld {
  user: E2eUser;
  colleague: E2eUser;
  org: { id: number; name: string };
  fleet: { id: number; name: string };
  devices: Array<{ uuid: string; name: string }>;
  /** The colleague's organization_membership id (the member page). */
  colleagueMembershipId: number;
  team: { id: number; name: string };
  /** Invited to the organization and not yet accepted. */
  invitee: E2eUser;
}

async function odata<T>(stack: Stack, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await stack.api(method, `/v7/${path}`, token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.text ? res.json<T>() : (undefined as T);
}

/**
 * Verifies the user's email through the emailed link, as the verify page would (a stack with
 * `requireEmailVerification` holds unverified users on the pending page).
 */
export async function verifyEmail(stack: Stack, user: E2eUser): Promise<void> {
  const link = new URL(await emailedPath(stack, user.email, 'verify-email'), stack.url);
  const res = await stack.api('POST', '/user/v1/verify-email', undefined, { verificationToken: link.searchParams.get('token'), email: link.searchParams.get('email') });
  expect(res.status, res.text).toBeLessThan(300);
}

/** A user as sign-up makes one, verified when the stack asks for verification. */
export async function createVerifiedUser(stack: Stack, prefix: string): Promise<E2eUser> {
  const user = await createUser(stack, prefix);
  if (stack.app.config.requireEmailVerification) await verifyEmail(stack, user);
  return user;
}

export async function createFleet(stack: Stack, user: E2eUser, orgId: number, name: string): Promise<number> {
  const types = await odata<{ d: Array<{ id: number }> }>(stack, user.token, 'GET', "device_type?$select=id&$filter=slug eq 'raspberrypi4-64'");
  const created = await odata<{ id: number }>(stack, user.token, 'POST', 'application', {
    app_name: name,
    organization: orgId,
    is_for__device_type: types.d[0]!.id,
    is_of__class: 'fleet',
  });
  return created.id;
}

export async function createDemoWorld(stack: Stack, deviceCount = 4): Promise<DemoWorld> {
  const user = await createVerifiedUser(stack, 'demo');
  const colleague = await createVerifiedUser(stack, 'colleague');
  const invitee = await createVerifiedUser(stack, 'invitee');
  const org = await createOrganization(stack, user, 'Acme');
  const colleagueMembershipId = await joinOrganization(stack, colleague.userId, org.id, 'member');
  await inviteByApi(stack, user, org.id, invitee.email);

  const fleetName = 'greenhouse-sensors';
  const fleetId = await createFleet(stack, user, org.id, fleetName);
  await seedFleetDevices(stack.app.db, fleetId, deviceCount, `demo-${fleetId}`);
  const devices = (
    await stack.app.db.selectFrom('device').select(['uuid', 'device_name']).where('belongs_to__application', '=', fleetId).orderBy('device_name').execute()
  ).map((d) => ({ uuid: d.uuid as string, name: d.device_name as string }));

  const team = await odata<{ id: number; name: string }>(stack, user.token, 'POST', 'team', { name: 'Operators', belongs_to__organization: org.id });
  await odata(stack, user.token, 'POST', 'team_membership', { user: colleague.userId, is_member_of__team: team.id });
  const roles = await odata<{ d: Array<{ id: number; name: string }> }>(stack, user.token, 'GET', 'application_membership_role?$select=id,name');
  await odata(stack, user.token, 'POST', 'team_application_access', {
    team: team.id,
    grants_access_to__application: fleetId,
    application_membership_role: roles.d.find((r) => r.name === 'developer')!.id,
  });

  const key = await stack.api('POST', '/api-key/user/full', user.token, { name: 'ci-deploy', description: 'Deploys from CI' });
  expect(key.status, key.text).toBeLessThan(300);
  await odata(stack, user.token, 'POST', 'user__has__public_key', { title: 'laptop', public_key: newSshKey('demo@laptop').publicKey, user: user.userId });

  return { user, colleague, invitee, org, fleet: { id: fleetId, name: fleetName }, devices, colleagueMembershipId, team: { id: team.id, name: 'Operators' } };
}
