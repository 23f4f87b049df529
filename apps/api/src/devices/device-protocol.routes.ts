import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { registerBodySchema, registerDevice } from './device-register.service.ts';
import { getTargetState } from './target-state.service.ts';
import { ifNoneMatchMatches } from './target-state.ts';
import { reportDeviceState, reportDeviceTags } from './device-state.service.ts';
import { ingestDeviceLogs } from './device-logs.service.ts';

/**
 * The supervisor-facing HTTP surface (compat §5): register, target state (+ heartbeat),
 * state report, tags, log batches. Auth comes from request.principal (plugins/auth.ts).
 */
export async function deviceProtocolRoutes(app: FastifyInstance): Promise<void> {
  app.post('/device/register', async (request, reply) => {
    const parsed = registerBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const device = await registerDevice(app.db, request.principal, parsed.data);
    // Exactly 201 with exactly these three fields (compat §5.2).
    return reply.status(201).send({ id: device.id, uuid: device.uuid, api_key: device.api_key });
  });

  const sendState = (version: 'v2' | 'v3') => async (request: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) => {
    const state = await getTargetState(app.db, app.config, request.principal, request.params.uuid, version);
    void reply.header('etag', state.etag).header('cache-control', 'no-cache');
    if (ifNoneMatchMatches(request.headers['if-none-match'], state.etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(state.body);
  };
  app.get('/device/v3/:uuid/state', sendState('v3'));
  app.get('/device/v2/:uuid/state', sendState('v2'));

  app.patch('/device/v3/state', async (request, reply) => {
    await reportDeviceState(app.db, request.principal, request.body);
    return reply.status(200).send();
  });

  app.patch('/device/v3/tags', async (request, reply) => {
    await reportDeviceTags(app.db, request.principal, request.body);
    return reply.status(200).send();
  });

  app.post<{ Params: { uuid: string } }>('/device/v2/:uuid/logs', async (request, reply) => {
    await ingestDeviceLogs(app.db, request.principal, request.params.uuid, request.body);
    return reply.status(201).send();
  });
}
