import { randomBytes } from 'node:crypto';
import {
  DEVELOPERS,
  FLEET_READERS,
  SAFE_DEVELOPERS,
  describeFleetMatrix,
  fleetMatrix,
  readRows,
  type FleetCase,
  type FleetWorld,
} from '../model/access/matrix-harness.ts';

/**
 * Who may do what to a release, through the real HTTP API (fleets spec §6 "Entity tables:
 * Releases": administrator and developer read, create, update and delete, release tags
 * included; safe-developer the same without delete; others read only. "Permissions checked by
 * screens": resin.release.update — edit version, notes, known issues, validate, finalize;
 * resin.release.delete; resin.release_tag.all). Every principal of the fleet matrix: the six
 * fleet roles, organization member and administrator, a team developer, an outsider with a free
 * account, platform staff, the fleet's device key and provisioning key — denials included.
 */
const m = fleetMatrix();

const release = (w: FleetWorld, where: Record<string, unknown> = {}) => m.count('release', { id: w.releaseId, ...where });
const draftOf = async (w: FleetWorld) =>
  (
    await m.db
      .insertInto('release')
      .values({ belongs_to__application: w.fleetId, commit: randomBytes(16).toString('hex'), status: 'success', is_final: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id as number;

const CASES: FleetCase[] = [
  {
    name: 'read a release and its tags',
    allowed: [...FLEET_READERS, 'device-key'],
    run: async (who, w) => ({ effect: (await readRows(m, who, w, `/v7/release(${w.releaseId})?$select=id&$expand=release_tag($select=tag_key)`)) === 1 }),
  },
  {
    name: 'create a release as balena deploy does',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const commit = randomBytes(16).toString('hex');
      const res = await m.call(who, w, 'POST', '/v7/release', {
        belongs_to__application: w.fleetId,
        commit,
        status: 'running',
        source: 'local',
        composition: { services: { main: { build: '.' } } },
        start_timestamp: new Date().toISOString(),
        is_final: true,
      });
      return { res, effect: (await m.count('release', { commit })) === 1 };
    },
  },
  {
    name: 'finalize a draft (resin.release.update)',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const id = await draftOf(w);
      const res = await m.call(who, w, 'PATCH', `/v7/release(${id})`, { is_final: true });
      return { res, effect: (await m.count('release', { id, is_final: true })) === 1 };
    },
  },
  {
    name: 'edit the version',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { semver: '4.5.6' });
      return { res, effect: (await release(w, { semver: '4.5.6' })) === 1 };
    },
  },
  {
    name: 'edit notes and known issues',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { note: 'n', known_issue_list: 'k' });
      return { res, effect: (await release(w, { note: 'n', known_issue_list: 'k' })) === 1 };
    },
  },
  {
    name: 'invalidate',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { is_invalidated: true });
      return { res, effect: (await release(w, { is_invalidated: true })) === 1 };
    },
  },
  {
    name: 'validate',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      await m.db.updateTable('release').set({ is_invalidated: true }).where('id', '=', w.releaseId).execute();
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { is_invalidated: false });
      return { res, effect: (await release(w, { is_invalidated: false })) === 1 };
    },
  },
  {
    name: 'delete a release (resin.release.delete)',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'DELETE', `/v7/release(${w.releaseId})`);
      return { res, effect: (await release(w)) === 0 };
    },
  },
  {
    name: 'add a release tag',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'POST', '/v7/release_tag', { release: w.releaseId, tag_key: 'env', value: 'prod' });
      return { res, effect: (await m.count('release_tag', { release: w.releaseId, tag_key: 'env' })) === 1 };
    },
  },
  {
    name: 'change a release tag',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release_tag(${w.releaseTagId})`, { value: 'y' });
      return { res, effect: (await m.count('release_tag', { id: w.releaseTagId, value: 'y' })) === 1 };
    },
  },
  {
    name: 'delete a release tag (resin.release_tag.all: not safe-developer)',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'DELETE', `/v7/release_tag(${w.releaseTagId})`);
      return { res, effect: (await m.count('release_tag', { id: w.releaseTagId })) === 0 };
    },
  },
];

describeFleetMatrix(m, CASES);
