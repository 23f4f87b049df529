import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import { seedDeviceList } from './device-list.seed.ts';
import { putOnPaidPlan } from './lib/paid-plan.ts';
import { call } from './target-state.setup.ts';

/**
 * Data for the write benchmark. The measured fleet is made through the public API of a
 * listening server, as in target-state.setup.ts: an owner signs up and creates an
 * organization, a fleet and two releases; a provisioning key registers D devices, each with
 * its own device key (`POST /device/register`); a few variables exist already (what the
 * SDK's upsert then finds). Two exceptions, written straight to the database:
 *
 * - the developer's memberships (organization `member`, fleet `developer`): balena adds
 *   members by invitation, an e-mail round trip that is not what is measured;
 * - the background: the device-list seed's organization with `background` devices in two
 *   fleets and one environment variable per device, so the rules and reference checks run
 *   against tables with other owners' rows in them, not against a handful of rows.
 */
export interface WriteDevice {
  id: number;
  uuid: string;
  apiKey: string;
}

export interface WritesWorld {
  /** Session token of a fleet developer (organization member, `developer` of the fleet only). */
  developerToken: string;
  fleetId: number;
  fleetUuid: string;
  releases: { id: number; commit: string }[];
  devices: WriteDevice[];
  /** Names of application and device variables that exist before the run (the upsert's 409). */
  existingNames: string[];
  setupMs: number;
}

export async function setUpWritesWorld(baseUrl: string, db: Db, deviceCount: number, background: number): Promise<WritesWorld> {
  const start = Date.now();
  if (background > 0) {
    await seedDeviceList(db, Math.ceil(background / 2), Math.floor(background / 2));
    await sql`INSERT INTO device_environment_variable (device, name, value) SELECT id, 'BACKGROUND', 'x' FROM device`.execute(db);
  }
  const suffix = randomBytes(4).toString('hex');
  const register = (who: string) =>
    call<string>(baseUrl, 'POST', '/user/register', undefined, { email: `${who}.${suffix}@example.com`, password: 'correct horse battery staple' });
  const ownerToken = await register('owner');
  const v7 = <T>(method: string, path: string, body?: unknown) => call<T>(baseUrl, method, `/v7/${path}`, ownerToken, body);

  const org = await v7<{ id: number }>('POST', 'organization', { name: `Writes ${suffix}` });
  // More devices than the free plan serves (the rest would be frozen): lib/paid-plan.ts.
  await putOnPaidPlan(db, org.id);
  const types = await v7<{ d: { id: number }[] }>('GET', "device_type?$select=id&$filter=slug%20eq%20'raspberrypi4-64'");
  const deviceType = types.d[0]?.id;
  if (deviceType === undefined) throw new Error('device type raspberrypi4-64 is missing');
  const fleet = await v7<{ id: number; uuid: string }>('POST', 'application', { app_name: `writes-${suffix}`, organization: org.id, is_for__device_type: deviceType });
  const releases: WritesWorld['releases'] = [];
  for (let i = 0; i < 2; i++) {
    const commit = randomBytes(16).toString('hex');
    const r = await v7<{ id: number }>('POST', 'release', { belongs_to__application: fleet.id, commit, status: 'success', composition: {}, source: 'cloud' });
    releases.push({ id: r.id, commit });
  }

  const provisioningKey = await call<string>(baseUrl, 'POST', '/api-key/v2/', ownerToken, {
    actorType: 'application',
    actorTypeId: fleet.id,
    roles: ['provisioning-api-key'],
    name: 'bench provisioning',
    expiryDate: null,
  });
  const devices: WriteDevice[] = [];
  for (let i = 0; i < deviceCount; i++) {
    const uuid = randomBytes(16).toString('hex');
    const apiKey = randomBytes(16).toString('hex');
    const d = await call<{ id: number }>(baseUrl, 'POST', '/device/register', provisioningKey, {
      uuid,
      api_key: apiKey,
      device_type: 'raspberrypi4-64',
      os_version: 'balenaOS 6.0.0',
      os_variant: 'prod',
      supervisor_version: '17.0.0',
    });
    devices.push({ id: d.id, uuid, apiKey });
  }

  const existingNames = ['EXISTING_A', 'EXISTING_B'];
  for (const name of existingNames) {
    await v7('POST', 'application_environment_variable', { application: fleet.id, name, value: 'initial' });
    for (const d of devices) await v7('POST', 'device_environment_variable', { device: d.id, name, value: 'initial' });
  }

  const developerToken = await register('developer');
  await sql`INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
            SELECT u.id, ${org.id}, r.id FROM "user" u, organization_membership_role r
             WHERE u.email = ${`developer.${suffix}@example.com`} AND r.name = 'member'`.execute(db);
  await sql`INSERT INTO user_application_membership ("user", is_member_of__application, application_membership_role)
            SELECT u.id, ${fleet.id}, r.id FROM "user" u, application_membership_role r
             WHERE u.email = ${`developer.${suffix}@example.com`} AND r.name = 'developer'`.execute(db);
  // Fresh statistics, as autovacuum would have them on a long-lived database.
  await sql`ANALYZE`.execute(db);
  return { developerToken, fleetId: fleet.id, fleetUuid: fleet.uuid, releases, devices, existingNames, setupMs: Date.now() - start };
}
