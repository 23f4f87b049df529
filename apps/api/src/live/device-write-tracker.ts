import type { FastifyInstance } from 'fastify';
import { publishDeviceChangesQuietly } from './device-events.ts';
import { pendingDeviceWrites, type PendingWrites } from './device-write-notes.ts';

/** Writes come through the methods that change rows. */
const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const pendingOf = new WeakMap<object, PendingWrites>();

/**
 * Opens a request's note of device writes (device-write-notes.ts) and publishes them once the
 * request has answered successfully: by then the write's transaction has committed.
 */
export function registerDeviceWriteTracker(app: FastifyInstance): void {
  // Callback style: the rest of the request (handler, hooks, engine) runs inside `run`.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!WRITE_METHODS.has(request.method)) return done();
    const store: PendingWrites = { ids: new Set(), before: new Map(), created: new Set() };
    pendingOf.set(request, store);
    pendingDeviceWrites.run(store, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const store = pendingOf.get(request);
    if (!store || store.ids.size === 0 || reply.statusCode >= 400) return;
    await publishDeviceChangesQuietly({ db: app.db, eventBus: app.eventBus, log: request.log }, [...store.ids], {
      before: [...store.before.values()],
      created: [...store.created],
    });
  });
}
