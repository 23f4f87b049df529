import { tagHooks } from '../fleets/variable.hooks.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import { noteDeviceRowWrite } from '../live/device-write-notes.ts';

/**
 * Device tags: the tag rules (variable.hooks.ts), and the tagged devices pushed to the dashboard
 * once the write commits (live/device-write-tracker.ts): the list's tags column and the summary's
 * tags card of another browser update without waiting for their poll.
 */
const deviceOf = (values: Values): number[] => (typeof values.device === 'number' ? [values.device] : []);

export const deviceTagHooks: ResourceHooks = {
  ...tagHooks,
  async afterCreate(row, ctx) {
    await tagHooks.afterCreate?.(row, ctx);
    await noteDeviceRowWrite(ctx.db, 'device_tag', [], deviceOf(row));
  },
  async beforeUpdate(patch: Values, ids, ctx) {
    const out = tagHooks.beforeUpdate ? await tagHooks.beforeUpdate(patch, ids, ctx) : patch;
    await noteDeviceRowWrite(ctx.db, 'device_tag', ids, deviceOf(out));
    return out;
  },
  async beforeDelete(ids, ctx) {
    await tagHooks.beforeDelete?.(ids, ctx);
    await noteDeviceRowWrite(ctx.db, 'device_tag', ids);
  },
};
