import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

/**
 * Version fields sort as versions (FieldDef.sortsAsVersion): the device list's OS, supervisor
 * and release columns (`$orderby=os_version`, `is_running__release/raw_version`) put 6.0.9
 * before 6.0.10, where text order would not.
 */
let ctx: TestContext;
let token: string;
let fleetId: number;
const fresh = () => randomBytes(3).toString('hex');
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  const reg = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: `ov.${fresh()}@example.com`, password: 'correct horse battery' } });
  token = reg.body;
  const org = (await v7('POST', 'organization', { name: `Org ${fresh()}` })).json();
  const deviceType = (await db().selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow()).id;
  const fleet = await v7('POST', 'application', { app_name: `fleet${fresh()}`, organization: org.id, is_for__device_type: deviceType });
  expect(fleet.statusCode, fleet.body).toBe(201);
  fleetId = fleet.json().id;
  const versions: [string | null, string | null, string][] = [
    ['balenaOS 6.0.10', '16.10.3', '1.0.10'],
    ['balenaOS 6.0.9', '16.9.0', '1.0.9'],
    ['balenaOS 5.12.0', '17.0.0', '1.0.11+rev1'],
    [null, null, '0.9.0'],
  ];
  for (const [os, supervisor, releaseVersion] of versions) {
    const release = await v7('POST', 'release', { belongs_to__application: fleetId, commit: randomBytes(16).toString('hex'), status: 'success', semver: releaseVersion.split('+')[0] });
    expect(release.statusCode, release.body).toBe(201);
    const actor = await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('device')
      .values({
        actor: actor.id,
        uuid: randomBytes(16).toString('hex'),
        device_name: `d${fresh()}`,
        belongs_to__application: fleetId,
        is_of__device_type: deviceType,
        os_version: os,
        supervisor_version: supervisor,
        is_running__release: release.json().id,
      })
      .execute();
  }
}, 60_000);
afterAll(async () => ctx?.close());

function v7(method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url: `/v7/${url}`, payload, headers: { authorization: `Bearer ${token}` } });
}
async function sorted(orderby: string, pick: (row: Record<string, unknown>) => unknown) {
  const res = await v7('GET', `device?$select=os_version,supervisor_version&$expand=is_running__release($select=raw_version)&$filter=belongs_to__application%20eq%20${fleetId}&$orderby=${orderby}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().d as Record<string, unknown>[]).map(pick);
}

describe('$orderby on version fields', () => {
  it('sorts OS versions by major.minor.patch, both directions, empty last ascending', async () => {
    expect(await sorted('os_version%20asc', (r) => r.os_version)).toEqual(['balenaOS 5.12.0', 'balenaOS 6.0.9', 'balenaOS 6.0.10', null]);
    expect(await sorted('os_version%20desc', (r) => r.os_version)).toEqual([null, 'balenaOS 6.0.10', 'balenaOS 6.0.9', 'balenaOS 5.12.0']);
  });
  it('sorts supervisor versions and a release version through the navigation the same way', async () => {
    expect(await sorted('supervisor_version%20asc', (r) => r.supervisor_version)).toEqual(['16.9.0', '16.10.3', '17.0.0', null]);
    const release = (r: Record<string, unknown>) => (r.is_running__release as { raw_version: string }[])[0]?.raw_version;
    expect(await sorted('is_running__release/raw_version%20asc', release)).toEqual(['0.9.0', '1.0.9', '1.0.10', '1.0.11']);
  });
});
