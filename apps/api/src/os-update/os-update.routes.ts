import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceActionResponse, deviceActionStatusParams, osUpdateActionBody, osUpdateActionParams } from '@flotilla/core/schemas/os-update';
import { requireUser } from '../auth/guards.ts';
import { getOsUpdateStatus, startOsUpdate } from './os-update.service.ts';

/**
 * The device actions host of balenaCloud (compat §4 "Device actions"), on the API origin:
 * `POST /actions/v2/<uuid>/resinhup` (v1 when not detached) starts an OS update,
 * `GET /actions/v1/<uuid>/<actionId>` says where it stands. Users only (a session or a user API
 * key); device and provisioning keys are refused.
 */
export async function osUpdateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/actions/:apiVersion/:uuid/resinhup',
    { schema: { params: osUpdateActionParams, body: osUpdateActionBody, response: { 200: deviceActionResponse } } },
    async (request) => startOsUpdate(app, requireUser(request), request.params.uuid, request.body.parameters.target_version),
  );

  app.get('/actions/v1/:uuid/:actionId', { schema: { params: deviceActionStatusParams, response: { 200: deviceActionResponse } } }, async (request) =>
    getOsUpdateStatus(app, requireUser(request), request.params.uuid, request.params.actionId),
  );
}
