import { envVarHooks } from '../fleets/variable.hooks.ts';
import type { ResourceHooks } from '../model/types.ts';
import { assertRoomForCreate } from './device-row-caps.ts';

/** A device's environment variables: the variable name rules, at most MAX_VARIABLES_PER_DEVICE of them. */
export const deviceEnvVarHooks: ResourceHooks = {
  ...envVarHooks,
  async beforeCreate(values, ctx) {
    const out = await envVarHooks.beforeCreate!(values, ctx);
    await assertRoomForCreate(ctx.db, 'device_environment_variable', out);
    return out;
  },
};
