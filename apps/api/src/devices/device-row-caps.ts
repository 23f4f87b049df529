import { sql } from 'kysely';
import {
  MAX_TAGS_PER_DEVICE,
  MAX_VARIABLES_PER_DEVICE,
  MSG_TOO_MANY_DEVICE_CONFIG_VARIABLES,
  MSG_TOO_MANY_DEVICE_ENV_VARIABLES,
  MSG_TOO_MANY_DEVICE_TAGS,
} from '@flotilla/core/device-row-caps';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/errors.ts';
import type { ResourceHooks } from '../model/types.ts';

/** The tables a device's rows are capped in (@flotilla/core/device-row-caps), with their natural key. */
const CAPS = {
  device_tag: { key: 'tag_key', max: MAX_TAGS_PER_DEVICE, message: MSG_TOO_MANY_DEVICE_TAGS },
  device_config_variable: { key: 'name', max: MAX_VARIABLES_PER_DEVICE, message: MSG_TOO_MANY_DEVICE_CONFIG_VARIABLES },
  device_environment_variable: { key: 'name', max: MAX_VARIABLES_PER_DEVICE, message: MSG_TOO_MANY_DEVICE_ENV_VARIABLES },
} as const;

export type CappedDeviceTable = keyof typeof CAPS;

/**
 * The device's rows in `table` once `keys` are written (keys it already has are updates, not new
 * rows) stay within the cap, or 400 and nothing is written. Run in the writing transaction: the
 * device row is locked first, so two writers cannot both take the last place.
 */
export async function assertDeviceRowRoom(tx: Db, table: CappedDeviceTable, deviceId: number, keys: string[]): Promise<void> {
  const { key, max, message } = CAPS[table];
  await tx.selectFrom('device').select('id').where('id', '=', deviceId).forUpdate().execute();
  const r = await sql<{ kept: string }>`SELECT count(*) AS kept FROM ${sql.table(table)}
                                         WHERE device = ${deviceId} AND NOT (${sql.ref(key)} = ANY(${keys}::text[]))`.execute(tx);
  if (Number(r.rows[0]?.kept ?? 0) + new Set(keys).size > max) throw badRequest(message);
}

/**
 * `hooks` of a capped table with the cap added to its creates: after the table's own rules, the
 * new row's device must have room for its key. Applied where the resource is defined
 * (model/resources/variables.ts), once for every capped table.
 */
export function withDeviceRowCap(table: CappedDeviceTable, hooks: ResourceHooks): ResourceHooks {
  return {
    ...hooks,
    async beforeCreate(values, ctx) {
      const out = hooks.beforeCreate ? await hooks.beforeCreate(values, ctx) : values;
      const keyValue = out[CAPS[table].key];
      if (typeof out.device === 'number' && typeof keyValue === 'string') await assertDeviceRowRoom(ctx.db, table, out.device, [keyValue]);
      return out;
    },
  };
}
