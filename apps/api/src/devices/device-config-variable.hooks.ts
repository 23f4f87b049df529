import { configVarHooksFor } from '../fleets/variable.hooks.ts';
import type { ResourceHooks, Values, WriteContext } from '../model/types.ts';
import { assertLocalModeCreateAllowed, assertLocalModeUpdateAllowed } from './device-rules.ts';
import { noteDeviceRowWrite } from '../live/device-write-notes.ts';

/**
 * Device configuration variables: the configuration names rule (variable.hooks.ts), then local
 * mode's availability (device-rules.ts) for what a user writes. The device's own supervisor
 * reports its configuration as it is (compat §6.2) and is not second-guessed. Local mode is one
 * of them: the devices are pushed to the dashboard once the write commits (live/).
 */
const byUser = (ctx: WriteContext) => ctx.principal.kind === 'user';
const configVarHooks = configVarHooksFor('device_config_variable');

export const deviceConfigVarHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const out = configVarHooks.beforeCreate ? await configVarHooks.beforeCreate(values, ctx) : values;
    if (byUser(ctx)) await assertLocalModeCreateAllowed(ctx.db, out);
    return out;
  },
  async afterCreate(row, ctx) {
    await configVarHooks.afterCreate?.(row, ctx);
    await noteDeviceRowWrite(ctx.db, 'device_config_variable', [], typeof row.device === 'number' ? [row.device] : []);
  },
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    const out = configVarHooks.beforeUpdate ? await configVarHooks.beforeUpdate(patch, ids, ctx) : patch;
    if (byUser(ctx)) await assertLocalModeUpdateAllowed(ctx.db, out, ids);
    await noteDeviceRowWrite(ctx.db, 'device_config_variable', ids, typeof out.device === 'number' ? [out.device] : []);
    return out;
  },
  async beforeDelete(ids, ctx) {
    await configVarHooks.beforeDelete?.(ids, ctx);
    await noteDeviceRowWrite(ctx.db, 'device_config_variable', ids);
  },
};
