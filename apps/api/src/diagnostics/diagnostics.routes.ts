import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIAGNOSTIC_ACTIONS, diagnosticResult } from '@flotilla/core/diagnostics';
import { deviceUuid } from '@flotilla/core/schemas/primitives';
import { requireUser } from '../auth/guards.ts';
import { callDiagnostics } from './diagnostics.service.ts';

const params = z.object({ uuid: deviceUuid });

/**
 * The actions host's diagnostics (fleets spec §7: `POST {actions host}/v1/{uuid}/{actionName}`
 * starts, `GET` reads), on the API origin beside the OS update's actions:
 *
 * - `POST /actions/v1/:uuid/checks` runs the health checks; 202 with the run (status `running`).
 * - `GET /actions/v1/:uuid/checks` the latest health checks (status `none` before the first run).
 * - `POST|GET /actions/v1/:uuid/diagnose` the same for the diagnostics report (`stdout`).
 *
 * Users only (a session or a user API key), with resin.device.access_diagnostics on the device's
 * fleet; 404 "No online device(s) found" for a device that is not linked or not theirs to diagnose.
 */
export async function diagnosticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const action of DIAGNOSTIC_ACTIONS) {
    app.post(`/actions/v1/:uuid/${action}`, { schema: { params, response: { 202: diagnosticResult } } }, async (request, reply) => {
      const { result } = await callDiagnostics(app, requireUser(request), request.params.uuid.toLowerCase(), action, 'POST');
      return reply.status(202).send(result);
    });
    app.get(`/actions/v1/:uuid/${action}`, { schema: { params, response: { 200: diagnosticResult } } }, async (request) => {
      const { result } = await callDiagnostics(app, requireUser(request), request.params.uuid.toLowerCase(), action, 'GET');
      return result;
    });
  }
}
