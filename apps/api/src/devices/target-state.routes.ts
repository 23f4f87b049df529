import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceUuidParams, fleetTargetStateParams, fleetTargetStateQuery, targetStateHeaders } from '@flotilla/core/schemas/device-protocol';
import { requireUser } from '../auth/guards.ts';
import { resolveDeferredApiKey } from '../plugins/auth.ts';
import { publishDeviceChangesQuietly } from '../live/device-events.ts';
import { getTargetState, pollOwnTargetState, type PollContext } from './target-state.service.ts';
import { getFleetTargetState } from './fleet-target-state.service.ts';
import { ifNoneMatchMatches } from './target-state.ts';

/**
 * GET /device/v{2,3}/:uuid/state (compat §5.3): the target state, which doubles as the API
 * heartbeat (§5.7). The busiest route of all (every device, every poll interval), so a device's
 * poll with its own key is one statement when unchanged: the auth hook leaves the API key to
 * this route (`resolvesOwnApiKey`, plugins/auth.ts), which matches it in the poll's first
 * statement itself (pollOwnTargetState), one shared with the polls of the same turn (poll-reads.ts). Any other credential or key takes the ordinary path, with the answers
 * it always had: 401 for a missing, unknown or expired key, 403 for another device's key.
 */
export function targetStateRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pollContext: PollContext = { db: app.db, polls: app.pollReads, fleetParts: app.fleetTargetParts, tags: app.targetTags, config: app.config };
  for (const version of ['v3', 'v2'] as const) {
    app.get(
      `/device/${version}/:uuid/state`,
      {
        schema: { params: deviceUuidParams, headers: targetStateHeaders },
        config: { resolvesOwnApiKey: true },
        // A bad key must still be a 401 before a bad uuid is a 400, as when the hook resolved it.
        attachValidation: true,
      },
      async (request, reply) => {
        if (request.validationError) {
          await resolveDeferredApiKey(request);
          throw request.validationError;
        }
        const key = request.deferredApiKey;
        const ifNoneMatch = request.headers['if-none-match'];
        let state = key === null ? undefined : await pollOwnTargetState(pollContext, key, request.params.uuid, version, ifNoneMatch);
        if (!state) {
          await resolveDeferredApiKey(request);
          state = await getTargetState(app.db, app.targetTags, app.config, request.principal, request.params.uuid, version, ifNoneMatch);
        }
        if (state.cameOnlineDeviceId !== undefined) await publishDeviceChangesQuietly({ db: app.db, eventBus: app.eventBus, log: request.log }, [state.cameOnlineDeviceId]);
        void reply.header('cache-control', 'no-cache');
        if (state.etag !== undefined) void reply.header('etag', state.etag);
        // A state left unbuilt is one whose tag the device holds (target-state.repository.ts), or a frozen device's.
        if (state.body === null || (state.etag !== undefined && ifNoneMatchMatches(ifNoneMatch, state.etag))) return reply.status(304).send();
        return reply.type('application/json; charset=utf-8').send(state.body);
      },
    );
  }
}

/**
 * GET /device/v3/fleet/:fleetUuid/state/[?releaseUuid=<commit>] (compat §4): the state a fleet's
 * devices share, for users who may read its variables (fleet-target-state.service.ts).
 */
export function fleetTargetStateRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The SDK asks with a trailing slash; the router's ignoreTrailingSlash serves both spellings.
  app.get('/device/v3/fleet/:fleetUuid/state/', { schema: { params: fleetTargetStateParams, querystring: fleetTargetStateQuery } }, async (request, reply) => {
    const state = await getFleetTargetState(app.db, requireUser(request), request.params.fleetUuid, request.query.releaseUuid, app.config.defaultPollIntervalMs);
    void reply.header('cache-control', 'no-cache');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(state));
  });
}
