import { configVarHooks } from '../fleets/variable.hooks.ts';
import type { ResourceHooks, Values, WriteContext } from '../model/types.ts';
import { assertLocalModeCreateAllowed, assertLocalModeUpdateAllowed } from './device-rules.ts';

/**
 * Device configuration variables: the configuration names rule (variable.hooks.ts), then local
 * mode's availability (device-rules.ts) for what a user writes. The device's own supervisor
 * reports its configuration as it is (compat §6.2) and is not second-guessed.
 */
const byUser = (ctx: WriteContext) => ctx.principal.kind === 'user';

export const deviceConfigVarHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const out = configVarHooks.beforeCreate ? await configVarHooks.beforeCreate(values, ctx) : values;
    if (byUser(ctx)) await assertLocalModeCreateAllowed(ctx.db, out);
    return out;
  },
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    const out = configVarHooks.beforeUpdate ? await configVarHooks.beforeUpdate(patch, ids, ctx) : patch;
    if (byUser(ctx)) await assertLocalModeUpdateAllowed(ctx.db, out, ids);
    return out;
  },
};
