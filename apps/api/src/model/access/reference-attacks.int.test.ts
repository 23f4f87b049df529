import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamicDb } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { writersOf } from '../../odata/write-values.ts';
import { RESOURCES } from '../registry.ts';
import type { FieldDef, ResourceDef } from '../types.ts';
import { fresh, makeWorld, type World } from './test-world.ts';
import { ed25519Key } from '../../test/ssh-public-key.ts';

/**
 * The property behind every write check (issue 8, DESIGN.md "Writes are checked on both
 * sides"): for EVERY resource and EVERY foreign key a caller may write, pointing it at a row
 * somebody else owns is refused with 401/403/404 and writes nothing — on create and on update,
 * for users, device keys and provisioning keys. The resource list comes from the registry, so
 * a resource a later issue adds fails here until it has a template and passes.
 */

/** Reference data everyone reads by design (roles, types, features): nobody owns those rows. */
const SHARED_TARGETS = new Set(['organization_membership_role', 'application_membership_role', 'device_type', 'application_type', 'feature']);
/** Invitees are named by email only (a create input); an id is refused as an invalid email. */
const EMAIL_ONLY = new Set(['invitee']);

/** The row of each owned resource in a world: what an attacker points a reference at. */
function ownedRow(w: World, target: string): number {
  const rows: Record<string, number> = {
    user: w.userId,
    organization: w.orgId,
    organization_membership: w.membershipId,
    team: w.teamId,
    application: w.fleetId,
    release: w.releaseId,
    service: w.serviceId,
    image: w.imageId,
    release_image: w.releaseImageId,
    device: w.deviceId,
    service_install: w.serviceInstallId,
    identity_provider: w.idpId,
  };
  const id = rows[target];
  if (id === undefined) throw new Error(`No owned ${target} in the test world: add one to test-world.ts`);
  return id;
}

interface Template {
  /** A body the owner may POST in their own world (fresh names each call). */
  body(w: World): Record<string, unknown>;
  /** Why the owner cannot create one through OData (the substitutions are still refused). */
  notCreatable?: string;
}

const KEY = () => ed25519Key('test').publicKey;

const TEMPLATES: Record<string, Template> = {
  user_public_key: { body: (w) => ({ user: w.userId, title: `k${fresh()}`, public_key: KEY() }) },
  organization_membership: { body: (w) => ({ user: w.acquaintanceId, is_member_of__organization: w.orgId, organization_membership_role: w.orgMemberRoleId }) },
  organization_membership_tag: { body: (w) => ({ organization_membership: w.membershipId, tag_key: `t${fresh()}`, value: 'v' }) },
  team: { body: (w) => ({ name: `team ${fresh()}`, belongs_to__organization: w.orgId }) },
  team_membership: { body: (w) => ({ user: w.colleagueId, is_member_of__team: w.teamId }) },
  organization_invite: { body: (w) => ({ invitee: `x${fresh()}@example.com`, is_invited_to__organization: w.orgId }) },
  application: { body: (w) => ({ app_name: `fleet${fresh()}`, organization: w.orgId, is_for__device_type: w.deviceTypeId }) },
  user_application_membership: { body: (w) => ({ user: w.colleagueId, is_member_of__application: w.fleetId }) },
  team_application_access: { body: (w) => ({ team: w.teamId, grants_access_to__application: w.fleetId, application_membership_role: w.fleetDeveloperRoleId }) },
  application_invite: { body: (w) => ({ invitee: `x${fresh()}@example.com`, is_invited_to__application: w.fleetId }) },
  release: { body: (w) => ({ belongs_to__application: w.fleetId, commit: fresh() + fresh(), status: 'success', is_created_by__user: w.userId }) },
  release_tag: { body: (w) => ({ release: w.releaseId, tag_key: `t${fresh()}`, value: 'v' }) },
  release_asset: { body: (w) => ({ release: w.releaseId, asset_key: `a${fresh()}` }) },
  service: { body: (w) => ({ application: w.fleetId, service_name: `s${fresh()}` }) },
  service_label: { body: (w) => ({ service: w.serviceId, label_name: `l${fresh()}`, value: 'v' }) },
  // The server assigns the registry location (registry/image.hooks.ts), as balena deploy expects.
  image: { body: (w) => ({ is_a_build_of__service: w.serviceId, status: 'running' }) },
  release_image: { body: (w) => ({ image: w.imageId, is_part_of__release: w.releaseId }) },
  image_label: { body: (w) => ({ release_image: w.releaseImageId, label_name: `l${fresh()}`, value: 'v' }) },
  image_environment_variable: { body: (w) => ({ release_image: w.releaseImageId, name: `N${fresh()}`, value: 'v' }) },
  device: { body: (w) => ({ belongs_to__application: w.fleetId, is_of__device_type: w.deviceTypeId, device_name: `d${fresh()}` }) },
  image_install: {
    body: (w) => ({ device: w.deviceId, installs__image: w.imageId, is_provided_by__release: w.releaseId, status: 'Running' }),
    notCreatable: 'installs are reported by the device itself (no user role holds resin.image_install.create)',
  },
  application_environment_variable: { body: (w) => ({ application: w.fleetId, name: `N${fresh()}`, value: 'v' }) },
  application_config_variable: { body: (w) => ({ application: w.fleetId, name: `BALENA_X${fresh()}`, value: 'v' }) },
  build_environment_variable: { body: (w) => ({ application: w.fleetId, name: `N${fresh()}`, value: 'v' }) },
  service_environment_variable: { body: (w) => ({ service: w.serviceId, name: `N${fresh()}`, value: 'v' }) },
  device_environment_variable: { body: (w) => ({ device: w.deviceId, name: `N${fresh()}`, value: 'v' }) },
  device_config_variable: { body: (w) => ({ device: w.deviceId, name: `BALENA_X${fresh()}`, value: 'v' }) },
  device_service_environment_variable: { body: (w) => ({ service_install: w.serviceInstallId, name: `N${fresh()}`, value: 'v' }) },
  application_tag: { body: (w) => ({ application: w.fleetId, tag_key: `t${fresh()}`, value: 'v' }) },
  device_tag: { body: (w) => ({ device: w.deviceId, tag_key: `t${fresh()}`, value: 'v' }) },
  credit_bundle: {
    body: (w) => ({ belongs_to__organization: w.orgId, is_for__feature: w.featureId, original_quantity: 1 }),
    notCreatable: 'the world’s organization is on the free plan, which has no credits (purchases: billing/credits.int.test.ts)',
  },
  organization_credit_notification: { body: (w) => ({ organization: w.orgId, owns_credit_notification_for__feature: w.featureId, is_sent_when_below__threshold: 5 }) },
  identity_provider_membership: { body: (w) => ({ is_authorized_by__identity_provider: w.idpId, authorizes__organization: w.orgId, grants_access_to__team: w.teamId }) },
};

type Kind = 'user' | 'device';
const ownedFks = (def: ResourceDef, kind: Kind): FieldDef[] =>
  def.fields.filter((f) => f.type === 'ForeignKey' && writersOf(f).includes(kind) && !SHARED_TARGETS.has(f.references!) && !EMAIL_ONLY.has(f.name));
const resourcesWith = (kind: Kind) => RESOURCES.filter((d) => ownedFks(d, kind).length > 0);

let ctx: TestContext;
let owner: World;
let victim: World;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await makeWorld(ctx, 'attacker');
  victim = await makeWorld(ctx, 'victim');
}, 120_000);
afterAll(async () => ctx?.close());

const send = (credential: string, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${credential}` } });

async function rowCount(def: ResourceDef): Promise<number> {
  return Number((await dynamicDb(ctx.database.db).selectFrom(def.table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

async function rowOf(def: ResourceDef, id: number): Promise<Record<string, unknown>> {
  return dynamicDb(ctx.database.db).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The denial every substitution must get: an authorization answer, never a validation error or success. */
function expectDenied(res: { statusCode: number; body: string }): void {
  expect([401, 403, 404], res.body).toContain(res.statusCode);
}

it('has a template for every resource with a foreign key users may write', () => {
  expect(resourcesWith('user').map((d) => d.name).filter((n) => !TEMPLATES[n])).toEqual([]);
});

describe.each(resourcesWith('user').map((def) => ({ name: def.name, def })))('$name, written by a user', ({ def }) => {
  const template = TEMPLATES[def.name]!;
  let created: number | undefined;

  it(template.notCreatable ? `cannot be created by its owner either: ${template.notCreatable}` : 'can be created by the owner in their own world', async () => {
    const res = await send(owner.token, 'POST', `/v7/${def.name}`, template.body(owner));
    if (template.notCreatable) return expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBe(201);
    created = (res.json() as { id: number }).id;
  });

  it.each(ownedFks(def, 'user').map((f) => ({ field: f.name, f })))('POST with $field pointing at another owner’s row is refused, nothing written', async ({ f }) => {
    const before = await rowCount(def);
    const res = await send(owner.token, 'POST', `/v7/${def.name}`, { ...template.body(owner), [f.name]: ownedRow(victim, f.references!) });
    expectDenied(res);
    expect(await rowCount(def)).toBe(before);
  });

  it.each(ownedFks(def, 'user').map((f) => ({ field: f.name, f })))('PATCH of an own row setting $field to another owner’s row is refused, row unchanged', async ({ f }) => {
    if (template.notCreatable) return; // no own row to patch: the POST case above covers the field
    expect(created, 'the baseline create ran').toBeDefined();
    const before = await rowOf(def, created!);
    const res = await send(owner.token, 'PATCH', `/v7/${def.name}(${created!})`, { [f.name]: ownedRow(victim, f.references!) });
    expectDenied(res);
    expect(await rowOf(def, created!)).toEqual(before);
  });
});

describe.each(resourcesWith('device').map((def) => ({ name: def.name, def })))('$name, written by a device key', ({ def }) => {
  it.each(ownedFks(def, 'device').map((f) => ({ field: f.name, f })))('POST with $field pointing at another owner’s row is refused, nothing written', async ({ f }) => {
    if (def.name === 'device') return; // devices are registered through /device/register, never POSTed by a device key
    const before = await rowCount(def);
    const res = await send(owner.deviceKey, 'POST', `/v7/${def.name}`, { ...TEMPLATES[def.name]!.body(owner), [f.name]: ownedRow(victim, f.references!) });
    expectDenied(res);
    expect(await rowCount(def)).toBe(before);
  });
});

describe('a device key on its own device row', () => {
  it.each(['is_pinned_on__release', 'is_running__release'])('cannot point %s at another owner’s release', async (field) => {
    const before = await rowOf(RESOURCES.find((d) => d.name === 'device')!, owner.deviceId);
    expectDenied(await send(owner.deviceKey, 'PATCH', `/v7/device(${owner.deviceId})`, { [field]: victim.releaseId }));
    expect(await rowOf(RESOURCES.find((d) => d.name === 'device')!, owner.deviceId)).toEqual(before);
  });

  it.each(['belongs_to__application', 'should_be_operated_by__release', 'should_be_managed_by__release', 'is_of__device_type', 'note'])(
    'cannot set %s at all (403, a field only users write)',
    async (field) => {
      const value = field === 'note' ? 'x' : field === 'belongs_to__application' ? victim.fleetId : field === 'is_of__device_type' ? owner.deviceTypeId : victim.releaseId;
      const res = await send(owner.deviceKey, 'PATCH', `/v7/device(${owner.deviceId})`, { [field]: value });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'field_not_writable' });
    },
  );

  it('still reports what the supervisor writes (name, own release pin)', async () => {
    expect((await send(owner.deviceKey, 'PATCH', `/v7/device(${owner.deviceId})`, { device_name: 'renamed-by-device', is_pinned_on__release: owner.releaseId })).statusCode).toBe(200);
    const row = await ctx.database.db.selectFrom('device').select(['device_name', 'is_pinned_on__release']).where('id', '=', owner.deviceId).executeTakeFirstOrThrow();
    expect(row).toEqual({ device_name: 'renamed-by-device', is_pinned_on__release: owner.releaseId });
  });
});

describe('a provisioning key', () => {
  it.each(['device_tag', 'device_config_variable', 'application_environment_variable', 'release'])('writes no %s through OData, even in its own fleet', async (name) => {
    const def = RESOURCES.find((d) => d.name === name)!;
    const before = await rowCount(def);
    expectDenied(await send(owner.provisioningKey, 'POST', `/v7/${name}`, TEMPLATES[name]!.body(owner)));
    expect(await rowCount(def)).toBe(before);
  });
});
