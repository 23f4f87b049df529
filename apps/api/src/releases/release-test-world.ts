import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../test/harness.ts';

/**
 * What the release int tests share: a signed-up user who creates an organization and fleets
 * through /v7, and calls on /v7 as that user. Releases are made through the API so the hooks
 * under test derive their fields.
 */
export const fresh = () => randomBytes(3).toString('hex');
export const newCommit = () => randomBytes(16).toString('hex');

export interface ReleaseApi {
  token: string;
  userId: number;
  v7(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
  newFleet(): Promise<number>;
  /** POST /v7/release with a fresh commit; expects 201 and answers the created entity. */
  postRelease(fleetId: number, extra?: object): Promise<Record<string, unknown> & { id: number }>;
  release(id: number): Promise<Record<string, unknown>>;
  fleet(id: number): Promise<{ should_be_running__release: number | null; should_track_latest_release: boolean }>;
  addDevice(fleetId: number, pinnedOn?: number): Promise<number>;
}

export async function releaseApi(ctx: TestContext): Promise<ReleaseApi> {
  const email = `rel.${fresh()}@example.com`;
  const reg = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery' } });
  expect(reg.statusCode, reg.body).toBe(201);
  const token = reg.body;
  const db = ctx.database.db;
  const userId = (await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id as number;
  const deviceType = (await db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow()).id as number;
  const v7: ReleaseApi['v7'] = (method, url, payload) =>
    ctx.app.inject({ method, url: `/v7/${url}`, payload, headers: { authorization: `Bearer ${token}` } });
  const org = await v7('POST', 'organization', { name: `Org ${fresh()}` });
  expect(org.statusCode, org.body).toBe(201);
  const orgId = org.json().id as number;
  return {
    token,
    userId,
    v7,
    async newFleet() {
      const res = await v7('POST', 'application', { app_name: `fleet${fresh()}`, organization: orgId, is_for__device_type: deviceType });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    },
    async postRelease(fleetId, extra = {}) {
      const res = await v7('POST', 'release', { belongs_to__application: fleetId, commit: newCommit(), status: 'success', ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async release(id) {
      const res = await v7('GET', `release(${id})`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().d[0];
    },
    async fleet(id) {
      return db.selectFrom('application').select(['should_be_running__release', 'should_track_latest_release']).where('id', '=', id).executeTakeFirstOrThrow();
    },
    async addDevice(fleetId, pinnedOn) {
      const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
      const d = await db
        .insertInto('device')
        .values({ actor: actor.id, uuid: randomBytes(16).toString('hex'), device_name: 'd', belongs_to__application: fleetId, is_of__device_type: deviceType, is_pinned_on__release: pinnedOn ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return d.id as number;
    },
  };
}
