import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceRegisterBody,
  deviceRegisterResponse,
  deviceStateBody,
  deviceTagsBody,
} from '@flotilla/core/schemas/device-protocol';
import { registerDevice } from './device-register.service.ts';
import { fleetTargetStateRoutes, targetStateRoutes } from './target-state.routes.ts';
import { reportDeviceState, reportDeviceTags } from './device-state.service.ts';
import { deviceLogRoutes } from '../device-logs/device-logs.routes.ts';
import { createDeviceGeolocator, normalizeAddress } from './device-geolocation.ts';
import { downloadConfigBody } from '@flotilla/core/schemas/download-config';
import { requireUser } from '../auth/guards.ts';
import { buildDeviceConfig } from './download-config.service.ts';
import { publishDeviceChangesQuietly } from '../live/device-events.ts';

/**
 * The supervisor-facing HTTP surface (compat §5): register, target state (+ heartbeat),
 * state report, tags, log batches. Auth comes from request.principal (plugins/auth.ts);
 * bodies, params and headers are checked by the schemas of @flotilla/core/schemas/device-protocol.
 */
export async function deviceProtocolRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Locations from the devices' public addresses (GEOIP_URL); open lookups end before the server does.
  const geolocator = createDeviceGeolocator({ db: app.db, urlTemplate: app.config.geoIpUrl, log: app.log });
  app.addHook('onClose', () => geolocator.close());

  app.post('/device/register', { schema: { body: deviceRegisterBody, response: { 201: deviceRegisterResponse } } }, async (request, reply) => {
    const device = await registerDevice(app.db, request.principal, request.body);
    await publishDeviceChangesQuietly({ db: app.db, eventBus: app.eventBus, log: request.log }, [device.id], { created: [device.id] });
    // Exactly 201 with exactly these three fields (compat §5.2).
    return reply.status(201).send(device);
  });

  // Target state + heartbeat: its own file, as the auth hook leaves it the device's key.
  targetStateRoutes(fastify);
  fleetTargetStateRoutes(fastify);

  app.patch('/device/v3/state', { schema: { body: deviceStateBody } }, async (request, reply) => {
    const address = normalizeAddress(request.ip);
    const { deviceId, isChanged, isPublicAddressChanged } = await reportDeviceState(app.db, request.principal, request.body, address);
    // After the report's transaction: the dashboard hears the new status and metrics
    // (live/device-events.ts). A report that changed nothing (metrics inside their window,
    // device-state.repository.ts) has nothing to tell, and saves the push's read.
    if (isChanged) await publishDeviceChangesQuietly({ db: app.db, eventBus: app.eventBus, log: request.log }, [deviceId]);
    // Queued, never awaited: the lookup happens after this answer.
    if (isPublicAddressChanged) geolocator.locate(deviceId, address);
    return reply.status(200).send();
  });

  app.patch('/device/v3/tags', { schema: { body: deviceTagsBody } }, async (request, reply) => {
    await reportDeviceTags(app.db, request.principal, request.body);
    return reply.status(200).send();
  });

  // config.json for a new device (compat §4, §5.1); GET takes the same fields as a query.
  app.post('/download-config', { schema: { body: downloadConfigBody } }, async (request) =>
    buildDeviceConfig(app.db, app.config, request, requireUser(request), request.body),
  );
  app.get('/download-config', { schema: { querystring: downloadConfigBody } }, async (request) =>
    buildDeviceConfig(app.db, app.config, request, requireUser(request), request.query),
  );

  // Logs: upload (batch and log-stream), read, stream, clear, fleet tail (device-logs/).
  await app.register(deviceLogRoutes);
}
