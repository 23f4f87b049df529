import fp from 'fastify-plugin';
import { registerDeviceWriteTracker } from './device-write-tracker.ts';
import { liveEventsRoutes, type LiveEventsOptions } from './live-events.routes.ts';

/**
 * The dashboard's push channel (issue 14 §7): device writes made through the OData layer are
 * published once they commit, and browsers subscribe at GET /live/v1/events. Not encapsulated:
 * the write tracker's hooks must see the OData routes, so it is registered before them.
 */
export const livePlugin = fp<LiveEventsOptions>(
  async (app, options) => {
    registerDeviceWriteTracker(app);
    await liveEventsRoutes(app, options);
  },
  { name: 'flotilla-live' },
);
