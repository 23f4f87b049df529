import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
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
  type Method,
  type Who,
} from '../model/access/matrix-harness.ts';
import { dynamicDb } from '../db/database.ts';
import { fresh } from '../model/access/test-world.ts';
import { VARIABLE_KINDS, type VariableKind } from './variable-kinds.ts';

/**
 * Who may read, create, change the value of and delete each kind of variable (fleets spec §6
 * "Entity tables" and "Permissions by role", packages/core/src/roles.ts), every cell through
 * HTTP (and moving a row onto another owner's fleet, service, device or install: nobody) for
 * every fleet role, organization member and administrator, a team developer, an
 * outsider, platform staff, the fleet's device key and its provisioning key. A device key
 * writes only its own device's configuration variables (the supervisor's defaults, compat
 * §6.2); a provisioning key reads and writes none. A refused write tells nothing about the
 * row: a taken name answers like a free one, and a caller who cannot read the rows gets the
 * same answer for an existing row as for a missing one.
 */
const m = fleetMatrix();

interface Cells {
  read: readonly Who[];
  create: readonly Who[];
  update: readonly Who[];
  delete: readonly Who[];
}
const same = (read: readonly Who[], write: readonly Who[]): Cells => ({ read, create: write, update: write, delete: write });
const DEVICE_READS = [...FLEET_READERS, 'device-key'] as const;

const CELLS: Record<string, Cells> = {
  // Fleet variables: safe-developer, developer and administrator; the fleet's devices read them.
  application_environment_variable: same(DEVICE_READS, SAFE_DEVELOPERS),
  // Fleet configuration variables: developer and administrator.
  application_config_variable: same(DEVICE_READS, DEVELOPERS),
  // Build variables go to the builder, not to devices; written with the fleet variables ("push").
  build_environment_variable: same(FLEET_READERS, SAFE_DEVELOPERS),
  // Service variables: safe-developer "service environment variables".
  service_environment_variable: same(DEVICE_READS, SAFE_DEVELOPERS),
  // Device variables: "operator roles and above", the limited operator included; the device reads its own.
  device_environment_variable: same(DEVICE_READS, SAFE_OPERATORS),
  // Device configuration variables: operator, safe-developer, developer, administrator, safe-operator for delete;
  // the device's own key creates and updates them.
  device_config_variable: { read: DEVICE_READS, create: [...OPERATORS, 'device-key'], update: [...OPERATORS, 'device-key'], delete: SAFE_OPERATORS },
  // A service's variables on one device: safe-operator "service environment variables", with the device variables;
  // the device reads its own, as balena's API lets it (balena-cli `env list --device` with a device key).
  device_service_environment_variable: same(DEVICE_READS, SAFE_OPERATORS),
};

/** The owner of a new row of `k` in the fleet and device given (the world's, or another owner's). */
async function ownerIn(k: VariableKind, w: Pick<FleetWorld, 'fleetId' | 'deviceId'>): Promise<number> {
  if (k.owner === 'application') return w.fleetId;
  if (k.owner === 'device') return w.deviceId;
  const service = await m.db.insertInto('service').values({ application: w.fleetId, service_name: `s${fresh()}` }).returning('id').executeTakeFirstOrThrow();
  if (k.owner === 'service') return service.id as number;
  // A trigger installs each new service on the fleet's devices.
  const install = await m.db.selectFrom('service_install').select('id').where('device', '=', w.deviceId).where('installs__service', '=', service.id).executeTakeFirstOrThrow();
  return install.id as number;
}

/** An existing row of `k` in the world, written straight to the database. */
async function existing(k: VariableKind, w: FleetWorld, owner?: number): Promise<{ id: number; owner: number; name: string }> {
  const o = owner ?? (await ownerIn(k, w));
  const name = k.name(fresh());
  const row = await dynamicDb(m.db).insertInto(k.resource).values({ [k.owner]: o, name, value: 'before' }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id as number, owner: o, name };
}

/** The status and body a client sees (nothing else may differ between the two requests). */
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });

/**
 * A refused write on an existing row answers like the same write on a row that does not exist,
 * for a caller who cannot read the rows (one who can already knows they exist).
 */
async function expectNoExistenceLeak(k: VariableKind, who: Who, w: FleetWorld, method: Method, res: LightMyRequestResponse, payload?: unknown) {
  const cells = CELLS[k.resource]!;
  if (cells[method === 'PATCH' ? 'update' : 'delete'].includes(who) || cells.read.includes(who)) return;
  const missing = await m.call(who, w, method, `/v7/${k.resource}(2147483000)`, payload);
  expect(answer(res), `${who} ${method} existing vs missing`).toEqual(answer(missing));
}

function casesFor(k: VariableKind): FleetCase[] {
  const cells = CELLS[k.resource]!;
  const label = k.resource.replace(/_/g, ' ');
  return [
    {
      name: `read ${label}s`,
      allowed: cells.read,
      async run(who, w) {
        const row = await existing(k, w);
        return { effect: (await readRows(m, who, w, `/v7/${k.resource}?$filter=${k.owner}%20eq%20${row.owner}`)) === 1 };
      },
    },
    {
      name: `create a ${label}`,
      allowed: cells.create,
      async run(who, w) {
        const owner = await ownerIn(k, w);
        const name = k.name(fresh());
        const res = await m.call(who, w, 'POST', `/v7/${k.resource}`, { [k.owner]: owner, name, value: 'v' });
        return { res, effect: (await m.count(k.resource, { [k.owner]: owner, name })) === 1 };
      },
    },
    {
      // Writers learn the name is taken (409 "unique", the SDK's upsert); nobody else may tell it from a free one.
      name: `create a ${label} whose name the owner already uses`,
      allowed: [],
      deniedAlso: [409],
      async run(who, w) {
        const row = await existing(k, w);
        const res = await m.call(who, w, 'POST', `/v7/${k.resource}`, { [k.owner]: row.owner, name: row.name, value: 'other' });
        if (cells.create.includes(who)) expect(res.statusCode, res.body).toBe(409);
        else {
          const free = await m.call(who, w, 'POST', `/v7/${k.resource}`, { [k.owner]: row.owner, name: k.name(fresh()), value: 'other' });
          expect(answer(res), `${who}: taken vs free name`).toEqual(answer(free));
        }
        return { res, effect: (await m.count(k.resource, { id: row.id, value: 'other' })) === 1 };
      },
    },
    {
      name: `change the value of a ${label}`,
      allowed: cells.update,
      async run(who, w) {
        const { id } = await existing(k, w);
        const res = await m.call(who, w, 'PATCH', `/v7/${k.resource}(${id})`, { value: 'after' });
        await expectNoExistenceLeak(k, who, w, 'PATCH', res, { value: 'after' });
        return { res, effect: (await m.count(k.resource, { id, value: 'after' })) === 1 };
      },
    },
    {
      name: `delete a ${label}`,
      allowed: cells.delete,
      async run(who, w) {
        const { id } = await existing(k, w);
        const res = await m.call(who, w, 'DELETE', `/v7/${k.resource}(${id})`);
        await expectNoExistenceLeak(k, who, w, 'DELETE', res);
        return { res, effect: (await m.count(k.resource, { id })) === 0 };
      },
    },
    {
      name: `move a ${label} onto another owner's ${k.owner}`,
      allowed: [],
      async run(who, w) {
        const { id } = await existing(k, w);
        const foreign = await ownerIn(k, m.elsewhere);
        const res = await m.call(who, w, 'PATCH', `/v7/${k.resource}(${id})`, { [k.owner]: foreign });
        return { res, effect: (await m.count(k.resource, { id, [k.owner]: foreign })) === 1 };
      },
    },
  ];
}

/** Another device of the same fleet: its configuration is not the device key's to write. */
async function secondDevice(w: FleetWorld): Promise<number> {
  const actor = await m.db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  const s = fresh();
  const device = await m.db
    .insertInto('device')
    .values({ actor: actor.id, uuid: s + s + s + s, device_name: `other${s}`, belongs_to__application: w.fleetId, is_of__device_type: w.deviceTypeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return device.id as number;
}

const deviceConfig = VARIABLE_KINDS.find((k) => k.resource === 'device_config_variable')!;

const OTHER_DEVICE_CASES: FleetCase[] = [
  {
    name: "create a configuration variable of another device of the fleet",
    allowed: OPERATORS,
    async run(who, w) {
      const device = await secondDevice(w);
      const name = deviceConfig.name(fresh());
      const res = await m.call(who, w, 'POST', '/v7/device_config_variable', { device, name, value: 'v' });
      return { res, effect: (await m.count('device_config_variable', { device, name })) === 1 };
    },
  },
  {
    name: "change a configuration variable of another device of the fleet",
    allowed: OPERATORS,
    async run(who, w) {
      const { id } = await existing(deviceConfig, w, await secondDevice(w));
      const res = await m.call(who, w, 'PATCH', `/v7/device_config_variable(${id})`, { value: 'after' });
      return { res, effect: (await m.count('device_config_variable', { id, value: 'after' })) === 1 };
    },
  },
  {
    name: 'move a device configuration variable onto another device of the fleet',
    allowed: OPERATORS,
    async run(who, w) {
      const device = await secondDevice(w);
      const { id } = await existing(deviceConfig, w);
      const res = await m.call(who, w, 'PATCH', `/v7/device_config_variable(${id})`, { device });
      return { res, effect: (await m.count('device_config_variable', { id, device })) === 1 };
    },
  },
];

describeFleetMatrix(m, [...VARIABLE_KINDS.flatMap(casesFor), ...OTHER_DEVICE_CASES]);
