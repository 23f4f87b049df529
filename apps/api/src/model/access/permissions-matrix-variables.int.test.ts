import {
  DEVELOPERS,
  FLEET_READERS,
  OPERATORS,
  SAFE_DEVELOPERS,
  SAFE_OPERATORS,
  describeFleetMatrix,
  fleetMatrix,
  readRows,
  type FleetCase,
  type FleetWorld,
  type Who,
} from './matrix-harness.ts';
import { fresh } from './test-world.ts';

/**
 * The permission matrix, part 2: variables and tags (fleets spec §6 "Entity tables": fleet
 * configuration variables, fleet variables, device variables, device configuration variables;
 * "Permissions by role" for tags and service variables). For each kind: create, update of the
 * value, update of the owner field to another owner's row (issue 8: references across owners),
 * and delete. A device key writes only its own device's configuration variables and tags (the
 * supervisor's defaults); a provisioning key writes nothing through OData.
 */
const m = fleetMatrix();

interface Kind {
  /** The resource, e.g. `device_environment_variable`. */
  resource: string;
  /** Its owner field and the owner in a world. */
  owner: 'application' | 'device' | 'service' | 'service_install';
  key: 'name' | 'tag_key';
  /** A fresh valid name (configuration variables need a reserved namespace). */
  name: () => string;
  /** The owner of the same kind in another owner's world (no principal may reach it). */
  foreignOwner?: () => number;
}

const ownerIn = async (k: Kind, w: FleetWorld): Promise<number> => {
  if (k.owner === 'application') return w.fleetId;
  if (k.owner === 'device') return w.deviceId;
  const service = await m.db.insertInto('service').values({ application: w.fleetId, service_name: `s${fresh()}` }).returning('id').executeTakeFirstOrThrow();
  if (k.owner === 'service') return service.id as number;
  // A trigger installs each new service on the fleet's devices.
  const install = await m.db.selectFrom('service_install').select('id').where('device', '=', w.deviceId).where('installs__service', '=', service.id).executeTakeFirstOrThrow();
  return install.id as number;
};

let seq = 0;
const nameOf = (prefix: string) => () => `${prefix}${++seq}`;

/** An existing row of `k` in the world, written straight to the database. */
async function existing(k: Kind, w: FleetWorld): Promise<number> {
  const row = await m.db
    .insertInto(k.resource)
    .values({ [k.owner]: await ownerIn(k, w), [k.key]: k.name(), value: 'before' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

/** The four rows of a kind: create, update the value, re-own onto another owner's row, delete. */
function rowsFor(k: Kind, label: string, allowed: { create: readonly Who[]; update: readonly Who[]; delete: readonly Who[] }): FleetCase[] {
  const cases: FleetCase[] = [
    {
      name: `create a ${label}`,
      allowed: allowed.create,
      async run(who, w) {
        const owner = await ownerIn(k, w);
        const name = k.name();
        const res = await m.call(who, w, 'POST', `/v7/${k.resource}`, { [k.owner]: owner, [k.key]: name, value: 'v' });
        return { res, effect: (await m.count(k.resource, { [k.owner]: owner, [k.key]: name })) === 1 };
      },
    },
    {
      name: `change the value of a ${label}`,
      allowed: allowed.update,
      async run(who, w) {
        const id = await existing(k, w);
        const res = await m.call(who, w, 'PATCH', `/v7/${k.resource}(${id})`, { value: 'after' });
        return { res, effect: (await m.count(k.resource, { id, value: 'after' })) === 1 };
      },
    },
    {
      name: `delete a ${label}`,
      allowed: allowed.delete,
      async run(who, w) {
        const id = await existing(k, w);
        const res = await m.call(who, w, 'DELETE', `/v7/${k.resource}(${id})`);
        return { res, effect: (await m.count(k.resource, { id })) === 0 };
      },
    },
  ];
  const foreign = k.foreignOwner;
  if (foreign) {
    cases.push({
      name: `move a ${label} onto another owner's ${k.owner}`,
      allowed: [],
      async run(who, w) {
        const id = await existing(k, w);
        const res = await m.call(who, w, 'PATCH', `/v7/${k.resource}(${id})`, { [k.owner]: foreign() });
        return { res, effect: (await m.count(k.resource, { id, [k.owner]: foreign() })) === 1 };
      },
    });
  }
  return cases;
}

const fleetOwned = (resource: string, name: () => string, key: Kind['key'] = 'name'): Kind => ({ resource, owner: 'application', key, name, foreignOwner: () => m.elsewhere.fleetId });
const deviceOwned = (resource: string, name: () => string, key: Kind['key'] = 'name'): Kind => ({ resource, owner: 'device', key, name, foreignOwner: () => m.elsewhere.deviceId });
const same = (who: readonly Who[]) => ({ create: who, update: who, delete: who });

const CASES: FleetCase[] = [
  // Reads: a device key reads its fleet's variables and its own device's; a provisioning key neither.
  {
    name: 'read fleet environment variables',
    allowed: [...FLEET_READERS, 'device-key'],
    async run(who, w) {
      await existing(fleetOwned('application_environment_variable', nameOf('READ_')), w);
      return { effect: (await readRows(m, who, w, `/v7/application_environment_variable?$filter=application%20eq%20${w.fleetId}`)) === 1 };
    },
  },
  {
    name: 'read device environment variables',
    allowed: [...FLEET_READERS, 'device-key'],
    async run(who, w) {
      await existing(deviceOwned('device_environment_variable', nameOf('READ_')), w);
      return { effect: (await readRows(m, who, w, `/v7/device_environment_variable?$filter=device%20eq%20${w.deviceId}`)) === 1 };
    },
  },
  // Fleet variables: safe-developer, developer, administrator.
  ...rowsFor(fleetOwned('application_environment_variable', nameOf('FLEET_VAR_')), 'fleet environment variable', same(SAFE_DEVELOPERS)),
  // Fleet configuration variables: developer and administrator.
  ...rowsFor(fleetOwned('application_config_variable', nameOf('BALENA_FLEET_')), 'fleet configuration variable', same(DEVELOPERS)),
  // Fleet tags: developer and administrator (safe-developer: "read-only fleet configuration and tags").
  ...rowsFor(fleetOwned('application_tag', nameOf('fleet-tag-'), 'tag_key'), 'fleet tag', same(DEVELOPERS)),
  // Service variables of the fleet: safe-developer and up, like fleet variables.
  ...rowsFor({ resource: 'service_environment_variable', owner: 'service', key: 'name', name: nameOf('SERVICE_VAR_') }, 'service environment variable', same(SAFE_DEVELOPERS)),
  // A service's variables on one device: "service environment variables" from safe-operator up, with the device variables
  // (fleets spec §6 "Permissions by role"; packages/core/src/roles.ts grants resin.device_service_environment_variable).
  ...rowsFor(
    { resource: 'device_service_environment_variable', owner: 'service_install', key: 'name', name: nameOf('DEVICE_SERVICE_VAR_') },
    'device service environment variable',
    same(SAFE_OPERATORS),
  ),
  // Device variables: operator roles and above, limited operator included.
  ...rowsFor(deviceOwned('device_environment_variable', nameOf('DEVICE_VAR_')), 'device environment variable', same(SAFE_OPERATORS)),
  // Device configuration variables: operator, safe-developer, developer, administrator, and safe-operator for delete;
  // the device's own key creates and updates them (the supervisor's defaults, compat §6.2).
  ...rowsFor(deviceOwned('device_config_variable', nameOf('BALENA_DEVICE_')), 'device configuration variable', {
    create: [...OPERATORS, 'device-key'],
    update: [...OPERATORS, 'device-key'],
    delete: SAFE_OPERATORS,
  }),
  // Device tags: safe-operator and up, and the device itself.
  ...rowsFor(deviceOwned('device_tag', nameOf('device-tag-'), 'tag_key'), 'device tag', same([...SAFE_OPERATORS, 'device-key'])),
];

describeFleetMatrix(m, CASES);
