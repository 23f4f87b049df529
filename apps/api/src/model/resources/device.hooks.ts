import { randomBytes } from 'node:crypto';
import { deviceNameProblem } from '@flotilla/core/device-name';
import { badRequest } from '../../lib/errors.ts';
import type { ResourceHooks, Values } from '../types.ts';
import { createActor } from './actor.repository.ts';
import { assertDevicesMayMoveTo, assertOrganizationCanGrow } from '../../billing/frozen-organization.ts';
import { assertDeviceWriteAllowed } from '../../devices/device-rules.ts';
import { isBeyondFreeAllowance } from '../../devices/device-register.repository.ts';
import { noteDeviceWrite } from '../../live/device-write-notes.ts';

const ADJECTIVES = ['quiet', 'brave', 'sunny', 'rapid', 'gentle', 'lucky', 'misty', 'bold', 'calm', 'eager'];
const NOUNS = ['river', 'falcon', 'meadow', 'comet', 'harbor', 'maple', 'canyon', 'breeze', 'summit', 'willow'];

/** A readable default name, e.g. `misty-falcon`. */
export function generateDeviceName(): string {
  const [a, b] = randomBytes(2);
  return `${ADJECTIVES[a! % ADJECTIVES.length]}-${NOUNS[b! % NOUNS.length]}`;
}

const UUID_PATTERN = /^[0-9a-f]{32}([0-9a-f]{30})?$/;

/** Every device owns an actor (compat §3.4); uuid and name default like the supervisor expects. */
export const deviceHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const out: Values = { ...values };
    if (out.uuid == null) out.uuid = randomBytes(16).toString('hex');
    else if (typeof out.uuid !== 'string' || !UUID_PATTERN.test(out.uuid)) throw badRequest('Invalid device uuid');
    if (out.device_name == null || out.device_name === '') out.device_name = generateDeviceName();
    const nameProblem = deviceNameProblem(out.device_name);
    if (nameProblem) throw badRequest(nameProblem);
    out.actor = await createActor(ctx.db);
    // Beyond the free plan's allowance a new device is frozen, however it is created (fleets spec
    // §4 "Device toggles"; the engine checked the fleet reference before this hook).
    if (typeof out.belongs_to__application === 'number') {
      await assertOrganizationCanGrow(ctx.db, { fleetId: out.belongs_to__application });
      out.is_frozen = await isBeyondFreeAllowance(ctx.db, out.belongs_to__application);
    }
    return out;
  },
  async beforeUpdate(patch: Values, ids, ctx) {
    const nameProblem = 'device_name' in patch ? deviceNameProblem(patch.device_name) : null;
    if (nameProblem) throw badRequest(nameProblem);
    if (typeof patch.belongs_to__application === 'number') await assertDevicesMayMoveTo(ctx.db, ids, patch.belongs_to__application);
    // Deactivation's rules read the device and its plan: after the engine's permission checks.
    await assertDeviceWriteAllowed(ctx.db, patch, ids);
    // Pushed to the dashboard once the write commits (live/device-write-tracker.ts).
    await noteDeviceWrite(ctx.db, ids, 'belongs_to__application' in patch ? 'move' : 'update');
    return patch;
  },
  afterCreate: (row, ctx) => noteDeviceWrite(ctx.db, [row.id], 'create'),
  beforeDelete: (ids, ctx) => noteDeviceWrite(ctx.db, ids, 'delete'),
};
