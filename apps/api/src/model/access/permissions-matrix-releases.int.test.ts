import {
  DEVELOPERS,
  FLEET_READERS,
  SAFE_DEVELOPERS,
  describeFleetMatrix,
  fleetMatrix,
  isUser,
  readRows,
  type FleetCase,
  type FleetWorld,
  type Who,
} from './matrix-harness.ts';
import { fresh } from './test-world.ts';

/**
 * The permission matrix, part 3: releases and release tags (fleets spec §6 "Entity tables":
 * "administrator and developer can read and create, update and delete release tags;
 * safe-developer is the same but cannot delete"; "Permissions by role": create and update
 * release for safe-developer, full release for developer). Attack classes of issue 8: a release
 * naming another user as its creator, a release or tag moved onto another owner's row.
 */
const m = fleetMatrix();

const createRelease = (who: Who, w: FleetWorld, extra: Record<string, unknown> = {}) => {
  const commit = fresh() + fresh();
  return { commit, res: m.call(who, w, 'POST', '/v7/release', { belongs_to__application: w.fleetId, commit, status: 'success', ...extra }) };
};
const releaseHas = async (w: FleetWorld, where: Record<string, unknown>) => (await m.count('release', { id: w.releaseId, ...where })) === 1;

const CASES: FleetCase[] = [
  {
    name: 'read releases',
    // A device key reads its fleet's releases (its target state names them); a provisioning key does not.
    allowed: [...FLEET_READERS, 'device-key'],
    run: async (who, w) => ({ effect: (await readRows(m, who, w, `/v7/release?$filter=belongs_to__application%20eq%20${w.fleetId}&$select=id,commit`)) === 1 }),
  },
  {
    name: 'create a release',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const { commit, res } = createRelease(who, w);
      return { res: await res, effect: (await m.count('release', { belongs_to__application: w.fleetId, commit })) === 1 };
    },
  },
  {
    name: 'create a release naming the caller as is_created_by__user',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      // Keys are nobody's user: they name the organization member, and may not set the field at all.
      const creator = m.users[isUser(who) ? who : 'org-member'].userId;
      const { commit, res } = createRelease(who, w, { is_created_by__user: creator });
      return { res: await res, effect: (await m.count('release', { commit, is_created_by__user: creator })) === 1 };
    },
  },
  {
    name: 'create a release naming another user (an organization member) as is_created_by__user',
    allowed: [],
    async run(who, w) {
      const other = m.users[who === 'org-member' ? 'observer' : 'org-member'].userId;
      const { commit, res } = createRelease(who, w, { is_created_by__user: other });
      return { res: await res, effect: (await m.count('release', { commit })) === 1 };
    },
  },
  {
    name: "change a release's note",
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { note: 'changed' });
      return { res, effect: await releaseHas(w, { note: 'changed' }) };
    },
  },
  {
    name: "move a release onto another owner's fleet",
    allowed: [],
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { belongs_to__application: m.elsewhere.fleetId });
      return { res, effect: await releaseHas(w, { belongs_to__application: m.elsewhere.fleetId }) };
    },
  },
  {
    name: 'move a release to another fleet of the organization where the caller holds the same role',
    // A release's fleet is set once (release.belongs_to__application changeRule): the old fleet's pins, target and
    // images would otherwise point at another fleet's release, the domain rule the engine holds for every writer.
    allowed: [],
    async run(who, w) {
      const other = await m.secondFleet(w, true);
      const res = await m.call(who, w, 'PATCH', `/v7/release(${w.releaseId})`, { belongs_to__application: other.fleetId });
      return { res, effect: await releaseHas(w, { belongs_to__application: other.fleetId }) };
    },
  },
  {
    name: 'delete a release',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'DELETE', `/v7/release(${w.releaseId})`);
      return { res, effect: (await m.count('release', { id: w.releaseId })) === 0 };
    },
  },
  // Release tags.
  {
    name: 'create a release tag',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'POST', '/v7/release_tag', { release: w.releaseId, tag_key: 'new', value: 'v' });
      return { res, effect: (await m.count('release_tag', { release: w.releaseId, tag_key: 'new' })) === 1 };
    },
  },
  {
    name: 'change a release tag',
    allowed: SAFE_DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release_tag(${w.releaseTagId})`, { value: 'changed' });
      return { res, effect: (await m.count('release_tag', { id: w.releaseTagId, value: 'changed' })) === 1 };
    },
  },
  {
    name: "move a release tag onto another owner's release",
    allowed: [],
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/release_tag(${w.releaseTagId})`, { release: m.elsewhere.releaseId });
      return { res, effect: (await m.count('release_tag', { id: w.releaseTagId, release: m.elsewhere.releaseId })) === 1 };
    },
  },
  {
    name: 'delete a release tag',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await m.call(who, w, 'DELETE', `/v7/release_tag(${w.releaseTagId})`);
      return { res, effect: (await m.count('release_tag', { id: w.releaseTagId })) === 0 };
    },
  },
];

describeFleetMatrix(m, CASES);
