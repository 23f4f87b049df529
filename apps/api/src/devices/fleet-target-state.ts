import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fleetTargetStateParams, fleetTargetStateQuery } from '@flotilla/core/schemas/device-protocol';
import type { Db } from '../db/database.ts';
import { requireUser, type UserPrincipal } from '../auth/guards.ts';
import { notFound } from '../lib/errors.ts';
import { userFleetPermission } from '../model/access/rule-builders.ts';
import { findFleetTargetPart, type FleetTargetPart, type TargetStateRow } from './target-state.repository.ts';
import { buildTargetStateV3 } from './target-state.ts';

/**
 * GET /device/v3/fleet/:fleetUuid/state/[?releaseUuid=<commit>] (compat §4, Appendix A): the
 * state every device of a fleet shares — its config variables and the services of a release —
 * keyed by the fleet's uuid where a device's is keyed by the device's. balena-sdk's
 * `device.getSupervisorTargetStateForApp` reads it, and `balena preload` puts it into an image.
 * The release is the fleet's target, or the successful release of the fleet with that commit.
 */

/** The part of the state's shape no device fills in: the fleet stands where the device would. */
export function fleetTargetStateRow(fleetId: number, part: FleetTargetPart): TargetStateRow {
  return {
    ...part,
    basis: '',
    cached_etag: null,
    cache_valid: false,
    id: fleetId,
    uuid: part.app_uuid!,
    device_name: part.app_name!,
    belongs_to__application: fleetId,
    api_heartbeat_state: 'unknown',
    is_online: false,
    last_connectivity_event: null,
    device_config: {},
    device_env: {},
    host_app: null,
    services: part.services.map((s) => ({ ...s, device_service_env: {} })),
  };
}

/**
 * The fleet the user may read the variables of (the state carries them all), by uuid; a fleet
 * the user cannot see answers as one that does not exist.
 */
async function findStateReadableFleet(db: Db, user: UserPrincipal, uuid: string): Promise<{ id: number } | undefined> {
  const readable = userFleetPermission(user, 'resin.application_environment_variable.read', sql.ref('a.id'));
  if (readable === false) return undefined;
  const r = await sql<{ id: number }>`
    SELECT a.id FROM application a WHERE a.uuid = ${uuid} AND ${readable === true ? sql`true` : readable}`.execute(db);
  return r.rows[0];
}

async function findSuccessfulRelease(db: Db, fleetId: number, commit: string): Promise<number | undefined> {
  const r = await sql<{ id: number }>`
    SELECT r.id FROM release r WHERE r.belongs_to__application = ${fleetId} AND r.commit = ${commit} AND r.status = 'success'`.execute(db);
  return r.rows[0]?.id;
}

export async function getFleetTargetState(db: Db, user: UserPrincipal, uuid: string, commit: string | undefined, defaultPollIntervalMs: number) {
  const fleet = await findStateReadableFleet(db, user, uuid);
  if (!fleet) throw notFound('Fleet not found');
  let releaseId: number | null = null;
  if (commit !== undefined) {
    releaseId = (await findSuccessfulRelease(db, fleet.id, commit)) ?? null;
    if (releaseId === null) throw notFound('Release not found');
  }
  const part = await findFleetTargetPart(db, fleet.id, releaseId);
  if (!part) throw notFound('Fleet not found');
  return buildTargetStateV3(fleetTargetStateRow(fleet.id, part), defaultPollIntervalMs);
}

export function fleetTargetStateRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The SDK asks with a trailing slash; the router's ignoreTrailingSlash serves both spellings.
  app.get('/device/v3/fleet/:fleetUuid/state/', { schema: { params: fleetTargetStateParams, querystring: fleetTargetStateQuery } }, async (request, reply) => {
    const user = requireUser(request);
    const state = await getFleetTargetState(app.db, user, request.params.fleetUuid, request.query.releaseUuid, app.config.defaultPollIntervalMs);
    void reply.header('cache-control', 'no-cache');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(state));
  });
}
