import { describe, expect, it } from 'vitest';
import {
  ADMINISTRATORS,
  DEVELOPERS,
  FLEET_MEMBERS,
  FLEET_READERS,
  OPERATORS,
  SAFE_DEVELOPERS,
  SAFE_OPERATORS,
  describeFleetMatrix,
  fleetMatrix,
  isUser,
  readRows,
  roleId,
  type FleetCase,
  type FleetWorld,
  type Who,
} from './matrix-harness.ts';
import { fresh } from './test-world.ts';

/**
 * The permission matrix (fleets spec §6 "Entity tables" / "Permissions by role", accounts §6)
 * through the real HTTP API, part 1: fleets, devices, releases and their organization
 * (part 2, permissions-matrix-access.int.test.ts: variables, tags, members, team access, keys). Each case is one
 * operation and the principals allowed to do it (matrix-harness.ts lists them: every fleet
 * role, organization member and administrator, a team developer, an outsider, platform staff,
 * the world's device key and provisioning key); it asserts the effect in the database for
 * every principal — allowed ones take effect, every other is refused and nothing changes.
 * Includes the attack classes of issue 8: owner and reference fields (a device moved to a
 * fleet the caller holds no role on, pinned to another fleet's release; a fleet transferred to
 * an organization the caller does not administer; a release naming another user as its
 * creator, or moved onto another fleet).
 */
const m = fleetMatrix();
const KEYS: readonly Who[] = ['device-key', 'provisioning-key'];
/** Addressed by `$filter`, a row the caller cannot read is simply not matched: 200, nothing written (odata/write-target.ts). */
const BY_FILTER = [200];

const patchFleet = async (who: Who, w: FleetWorld, body: Record<string, unknown>) => m.call(who, w, 'PATCH', `/v7/application(${w.fleetId})`, body);
const patchDevice = async (who: Who, w: FleetWorld, body: Record<string, unknown>) => m.call(who, w, 'PATCH', `/v7/device(${w.deviceId})`, body);
const fleetHas = async (w: FleetWorld, where: Record<string, unknown>) => (await m.count('application', { id: w.fleetId, ...where })) === 1;
const deviceHas = async (w: FleetWorld, where: Record<string, unknown>) => (await m.count('device', { id: w.deviceId, ...where })) === 1;

/** A transfer of the world's fleet to a new organization where the caller (a user) holds `role`. */
async function transfer(who: Who, w: FleetWorld, role: 'member' | 'administrator') {
  const org = await m.db.insertInto('organization').values({ name: `Target ${fresh()}`, handle: `target_${fresh()}` }).returning('id').executeTakeFirstOrThrow();
  if (isUser(who)) {
    await m.db
      .insertInto('organization_membership')
      .values({ user: m.users[who].userId, is_member_of__organization: org.id, organization_membership_role: await roleId(m.db, 'organization_membership_role', role) })
      .execute();
  }
  const res = await patchFleet(who, w, { organization: org.id });
  return { res, effect: await fleetHas(w, { organization: org.id }) };
}

const createRelease = (who: Who, w: FleetWorld, extra: Record<string, unknown> = {}) => {
  const commit = fresh() + fresh();
  return { commit, res: m.call(who, w, 'POST', '/v7/release', { belongs_to__application: w.fleetId, commit, status: 'success', ...extra }) };
};
const releaseHas = async (w: FleetWorld, where: Record<string, unknown>) => (await m.count('release', { id: w.releaseId, ...where })) === 1;

const CASES: FleetCase[] = [
  // Reads: a device key reads its fleet and its own device; a provisioning key its fleet and the devices it registers.
  {
    name: 'read fleet',
    allowed: [...FLEET_READERS, ...KEYS],
    run: async (who, w) => ({ effect: (await readRows(m, who, w, `/v7/application(${w.fleetId})?$select=id`)) === 1 }),
  },
  {
    name: 'list fleets directly accessible',
    // Staff reach fleets through support access or the platform flag, never "directly"; keys are not users.
    allowed: FLEET_MEMBERS,
    run: async (who, w) => ({
      effect: (await readRows(m, who, w, `/v7/application?$filter=is_directly_accessible_by__user/any(dau:1%20eq%201)%20and%20id%20eq%20${w.fleetId}&$select=id`)) === 1,
    }),
  },
  {
    name: 'read devices',
    allowed: [...FLEET_READERS, ...KEYS],
    run: async (who, w) => ({ effect: (await readRows(m, who, w, `/v7/device?$filter=belongs_to__application%20eq%20${w.fleetId}&$select=id,overall_status`)) === 1 }),
  },
  {
    name: 'read organization',
    // Whoever can read one of its fleets sees the organization that owns it (name, handle).
    // Device and provisioning keys do not: the row holds billing state, and no agent reads it.
    allowed: [...FLEET_READERS, 'org-member'],
    run: async (who, w) => ({ effect: (await readRows(m, who, w, `/v7/organization(${w.orgId})?$select=id,handle`)) === 1 }),
  },
  // Fleet (application): create, update (name, target release, publicity, type, owner), delete.
  {
    name: 'create a fleet in the organization',
    // Fleets spec §6 "Other": organization administrators, in organizations they administer.
    allowed: ['org-admin'],
    async run(who, w) {
      const name = `created${fresh()}`;
      const res = await m.call(who, w, 'POST', '/v7/application', { app_name: name, organization: w.orgId, is_for__device_type: w.deviceTypeId });
      return { res, effect: (await m.count('application', { organization: w.orgId, app_name: name })) === 1 };
    },
  },
  {
    name: 'rename fleet',
    allowed: DEVELOPERS,
    async run(who, w) {
      const name = `renamed${fresh()}`;
      return { res: await patchFleet(who, w, { app_name: name }), effect: await fleetHas(w, { app_name: name }) };
    },
  },
  {
    name: "set the fleet's target release (should_be_running__release)",
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await patchFleet(who, w, { should_be_running__release: w.releaseId, should_track_latest_release: false });
      return { res, effect: await fleetHas(w, { should_be_running__release: w.releaseId }) };
    },
  },
  {
    name: 'make the fleet public with a repository URL',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await patchFleet(who, w, { is_public: true, is_stored_at__repository_url: 'https://github.com/example/fleet' });
      return { res, effect: await fleetHas(w, { is_public: true }) };
    },
  },
  {
    name: "change the fleet's application type",
    // resin.application.change-type: administrator only; a developer may update the fleet but not this field.
    allowed: ADMINISTRATORS,
    async run(who, w) {
      const essentials = (await m.db.selectFrom('application_type').select('id').where('slug', '=', 'essentials').executeTakeFirstOrThrow()).id;
      return { res: await patchFleet(who, w, { application_type: essentials }), effect: await fleetHas(w, { application_type: essentials }) };
    },
  },
  {
    name: 'transfer the fleet to an organization where the caller is a plain member',
    // resin.application.transfer here and resin.application.create there: nobody is both.
    allowed: [],
    run: (who, w) => transfer(who, w, 'member'),
  },
  {
    name: 'transfer the fleet (without devices) to an organization the caller administers',
    // resin.application.transfer through an organization role in the source organization: a fleet
    // administrator (an organization member) may not move the fleet out of its organization.
    allowed: ['org-admin'],
    async run(who, w) {
      await m.db.deleteFrom('device').where('belongs_to__application', '=', w.fleetId).execute();
      return transfer(who, w, 'administrator');
    },
  },
  {
    name: 'transfer a fleet that has devices to an organization the caller administers',
    // Fleets spec §5: a fleet with devices offers no transfer target (fleets/fleet-changes.ts): 409 for its administrators.
    allowed: [],
    deniedAlso: [409],
    run: (who, w) => transfer(who, w, 'administrator'),
  },
  {
    name: 'track the latest release again (should_track_latest_release)',
    allowed: DEVELOPERS,
    async run(who, w) {
      await m.db.updateTable('application').set({ should_track_latest_release: false }).where('id', '=', w.fleetId).execute();
      const res = await patchFleet(who, w, { should_track_latest_release: true });
      return { res, effect: await fleetHas(w, { should_track_latest_release: true }) };
    },
  },
  {
    name: 'grant support access to the fleet',
    allowed: DEVELOPERS,
    async run(who, w) {
      const until = new Date(Math.floor(Date.now() / 1000) * 1000 + 7200_000);
      const res = await patchFleet(who, w, { is_accessible_by_support_until__date: until.getTime() });
      return { res, effect: await fleetHas(w, { is_accessible_by_support_until__date: until }) };
    },
  },
  {
    name: 'revoke support access to the fleet',
    allowed: DEVELOPERS,
    async run(who, w) {
      const res = await patchFleet(who, w, { is_accessible_by_support_until__date: null });
      const row = await m.db.selectFrom('application').select('is_accessible_by_support_until__date').where('id', '=', w.fleetId).executeTakeFirstOrThrow();
      return { res, effect: row.is_accessible_by_support_until__date === null };
    },
  },
  {
    name: "set the fleet's repository URL",
    allowed: DEVELOPERS,
    async run(who, w) {
      const url = `https://github.com/example/${fresh()}`;
      return { res: await patchFleet(who, w, { is_stored_at__repository_url: url }), effect: await fleetHas(w, { is_stored_at__repository_url: url }) };
    },
  },
  {
    name: "change the fleet's default device type (same CPU architecture)",
    allowed: DEVELOPERS,
    async run(who, w) {
      const pi5 = (await m.db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi5').executeTakeFirstOrThrow()).id;
      return { res: await patchFleet(who, w, { is_for__device_type: pi5 }), effect: await fleetHas(w, { is_for__device_type: pi5 }) };
    },
  },
  {
    name: 'delete fleet',
    allowed: ADMINISTRATORS,
    async run(who, w) {
      const res = await m.call(who, w, 'DELETE', `/v7/application(${w.fleetId})`);
      return { res, effect: (await m.count('application', { id: w.fleetId })) === 0 };
    },
  },
  // Device: create, update (own fields, pin, fleet), delete.
  {
    name: 'create a device through OData',
    // Provisioning keys register devices through /device/register, not OData.
    allowed: SAFE_OPERATORS,
    async run(who, w) {
      const name = `new${fresh()}`;
      const res = await m.call(who, w, 'POST', '/v7/device', { belongs_to__application: w.fleetId, is_of__device_type: w.deviceTypeId, device_name: name });
      return { res, effect: (await m.count('device', { belongs_to__application: w.fleetId, device_name: name })) === 1 };
    },
  },
  {
    name: 'rename device',
    // The supervisor reports the device's name (compat §5.2): its own key may set it.
    allowed: [...SAFE_OPERATORS, 'device-key'],
    deniedAlso: BY_FILTER,
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/device?$filter=id%20in%20(${w.deviceId})`, { device_name: 'renamed' });
      return { res, effect: await deviceHas(w, { device_name: 'renamed' }) };
    },
  },
  {
    name: "change the device's uuid",
    // Set once, at registration: the device's key, state reports and links name it by its uuid,
    // so a changed one left the device polling for a row that no longer answers to it.
    allowed: [],
    async run(who, w) {
      const uuid = 'c'.repeat(32);
      return { res: await patchDevice(who, w, { uuid }), effect: await deviceHas(w, { uuid }) };
    },
  },
  {
    name: "write the device's note (a field only users write)",
    allowed: SAFE_OPERATORS,
    async run(who, w) {
      return { res: await patchDevice(who, w, { note: 'noted' }), effect: await deviceHas(w, { note: 'noted' }) };
    },
  },
  {
    name: 'pin the device to a release of its fleet',
    // Device actions: pin to release is resin.device.update; the supervisor sets a preload pin (compat §5.2).
    allowed: [...SAFE_OPERATORS, 'device-key'],
    async run(who, w) {
      return { res: await patchDevice(who, w, { is_pinned_on__release: w.releaseId }), effect: await deviceHas(w, { is_pinned_on__release: w.releaseId }) };
    },
  },
  {
    name: "pin the device to another fleet's release (same organization, same roles there)",
    allowed: [],
    // Callers who may update the device and read the release are told why (the domain rule's 400).
    deniedAlso: [400],
    async run(who, w) {
      const other = await m.secondFleet(w, true);
      return { res: await patchDevice(who, w, { is_pinned_on__release: other.releaseId }), effect: await deviceHas(w, { is_pinned_on__release: other.releaseId }) };
    },
  },
  {
    name: 'move the device to another fleet of the organization where the caller holds the same role',
    // resin.device.move on both fleets (fleets spec §5 "Move": developer, safe-developer or operator access).
    allowed: OPERATORS,
    async run(who, w) {
      const other = await m.secondFleet(w, true);
      return { res: await patchDevice(who, w, { belongs_to__application: other.fleetId }), effect: await deviceHas(w, { belongs_to__application: other.fleetId }) };
    },
  },
  {
    name: 'move the device to a fleet of the organization where the caller holds no role',
    // Only the organization administrator administers that fleet too.
    allowed: ['org-admin'],
    async run(who, w) {
      const other = await m.secondFleet(w, false);
      return { res: await patchDevice(who, w, { belongs_to__application: other.fleetId }), effect: await deviceHas(w, { belongs_to__application: other.fleetId }) };
    },
  },
  {
    name: "move the device to another owner's fleet",
    allowed: [],
    async run(who, w) {
      const res = await patchDevice(who, w, { belongs_to__application: m.elsewhere.fleetId });
      return { res, effect: await deviceHas(w, { belongs_to__application: m.elsewhere.fleetId }) };
    },
  },
  {
    name: 'delete device',
    allowed: ['operator', ...DEVELOPERS],
    deniedAlso: BY_FILTER,
    async run(who, w) {
      const res = await m.call(who, w, 'DELETE', `/v7/device?$filter=id%20in%20(${w.deviceId})`);
      return { res, effect: (await m.count('device', { id: w.deviceId })) === 0 };
    },
  },
  // Releases (fleets spec §6 "Entity tables": "administrator and developer can read and create, update and delete
  // release tags; safe-developer is the same but cannot delete"; "Permissions by role": create and update release for
  // safe-developer, full release for developer).
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
  // Organization.
  {
    name: 'rename organization',
    allowed: ['org-admin', 'platform-admin'],
    async run(who, w) {
      const res = await m.call(who, w, 'PATCH', `/v7/organization(${w.orgId})`, { name: 'Renamed Org' });
      return { res, effect: (await m.count('organization', { id: w.orgId, name: 'Renamed Org' })) === 1 };
    },
  },
];

describe('support access expiry', () => {
  it('hides a fleet from the support agent once its support access has expired', async () => {
    const w = await m.makeWorld();
    const read = () => readRows(m, 'support-agent', w, `/v7/application(${w.fleetId})?$select=id`);
    expect(await read()).toBe(1);
    await m.db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() - 1000) }).where('id', '=', w.fleetId).execute();
    expect(await read()).toBe(0);
  });
});

describeFleetMatrix(m, CASES);
