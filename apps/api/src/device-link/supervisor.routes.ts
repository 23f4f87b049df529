import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HTTP_METHODS,
  isReservedSupervisorPath,
  LINK_MAX_FRAME_BYTES,
  NO_ONLINE_DEVICES,
  serialisedBytes,
  SUPERVISOR_MAX_DATA_BYTES,
  SUPERVISOR_PATH,
  supervisorProxyPermission,
  type LinkMethod,
} from '@flotilla/core/device-link';
import { idLike, idParam } from '@flotilla/core/schemas/primitives';
import { requireUser } from '../auth/guards.ts';
import { badRequest } from '../lib/errors.ts';
import { LinkCallError } from './link-connection.ts';
import type { LinkReply } from './link-hub.ts';
import { SupervisorTargetReads } from './supervisor-target-reads.ts';
import { findSupervisorTargets, type SupervisorTarget } from './supervisor-targets.repository.ts';

/** The body the SDK and CLI send (compat §4.1); ids may come as numbers or numeric strings. */
const supervisorBody = z.object({
  uuid: z.string().regex(/^[0-9a-f]{7,62}$/i).optional(),
  // Ids an int4 holds (else a 400 here rather than a database error).
  deviceId: idLike.optional(),
  appId: idLike.optional(),
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(HTTP_METHODS))
    .optional(),
  // Sent to every device the call names, and over its link, where a frame over 1 MiB drops the link.
  data: z
    .unknown()
    .optional()
    .refine((data) => serialisedBytes(data) <= SUPERVISOR_MAX_DATA_BYTES, {
      message: `data is too large: at most ${SUPERVISOR_MAX_DATA_BYTES / 1024} KiB of JSON is sent to a device`,
      params: { code: 'supervisor_data_too_large' },
    }),
});
const supervisorParams = z.object({
  '*': z
    .string()
    .max(500)
    .transform((p) => `/${p}`)
    .pipe(
      z
        .string()
        .regex(SUPERVISOR_PATH, 'Invalid supervisor path')
        // Flotilla's own agent paths have routes of their own, with their own checks (OS update, diagnostics).
        .refine((path) => !isReservedSupervisorPath(path), {
          message: 'This supervisor path is reserved for Flotilla: use its own route',
          params: { code: 'supervisor_path_reserved' },
        }),
    ),
});

/** Forwards to each device this many at a time (a fleet-wide reboot reaches up to 1000). */
const FORWARD_CONCURRENCY = 50;

/** A device that did not answer before the call's deadline (one value: no Error built per device). */
const LATE: LinkReply = { status: 504, body: new LinkCallError('timeout').message };

function targetOf(body: z.infer<typeof supervisorBody>): SupervisorTarget {
  if (body.deviceId !== undefined) return { deviceId: body.deviceId };
  if (body.uuid !== undefined) return { uuid: body.uuid.toLowerCase() };
  if (body.appId !== undefined) return { appId: body.appId };
  throw badRequest('A uuid, deviceId or appId is required');
}

/**
 * Whether a device's status may be passed on as the call's own. Not a 1xx (no answer HTTP can
 * carry), nor 401 (the dashboard and the SDK take it as the caller's session ending: a device,
 * which anyone can make answer anything, must not sign its user out), nor 407 (a browser asks
 * for proxy credentials).
 */
function isPassableStatus(status: number): boolean {
  return status >= 200 && status <= 599 && status !== 401 && status !== 407;
}

/** What a fleet-wide answer keeps of one device's body (up to 1000 of them go into one answer). */
export const FLEET_ENTRY_MAX_BYTES = 64 * 1024;
export const FLEET_ENTRY_TOO_LARGE = 'The device answer was too large to include';

/**
 * One device's body in a fleet-wide (207) answer: as it came, unless it is larger than
 * FLEET_ENTRY_MAX_BYTES, when a note takes its place. A device may answer up to a link frame
 * (1 MiB), and a thousand of those held for one answer would be a gigabyte.
 */
function entryBody(body: unknown): unknown {
  return serialisedBytes(body) > FLEET_ENTRY_MAX_BYTES ? { message: FLEET_ENTRY_TOO_LARGE } : body;
}

/**
 * The supervisor's reply as it came: JSON stays JSON, text stays text, no body stays empty. A
 * status that may not be passed on is a 502 carrying the device's status and body, in the shape
 * of a fleet-wide call's entries, with a message the clients show.
 */
function sendReply(reply: FastifyReply, answer: LinkReply): FastifyReply {
  if (!isPassableStatus(answer.status)) {
    return reply.status(502).send({ message: `The device answered with status ${answer.status}`, statusCode: answer.status, body: answer.body });
  }
  void reply.status(answer.status);
  if (answer.body === undefined || answer.body === null || answer.body === '') return reply.send();
  if (typeof answer.body === 'string') return reply.type('text/plain; charset=utf-8').send(answer.body);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * `POST /supervisor/<path>` (compat §4, §4.1): the path, `method` (default POST) and `data` go
 * to every device the body names, over its link (app.linkHub), wherever its link is held. One
 * device: its reply is passed through (a 423 is the update lock the SDK turns into
 * BalenaSupervisorLockedError). Several: 207 with `[{statusCode, body}]`. None visible and
 * linked — absent, someone else's, not permitted or offline alike — 404 "No online device(s)
 * found", the words the CLI looks for. `POST /application/:id/restart` is the fleet-wide
 * restart of balenaCloud.
 *
 * Bounds: `data` is at most SUPERVISOR_MAX_DATA_BYTES of JSON (400 `supervisor_data_too_large`),
 * a body at most one link frame (413); Flotilla's own agent paths are refused (400
 * `supervisor_path_reserved`); a link its device does not read answers as an unreachable device
 * (link-connection.ts); a one-device answer of 401, 407 or 1xx is a 502 (isPassableStatus).
 */
export async function supervisorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const targetReads = new SupervisorTargetReads(app.db);

  /** The devices the call names: a one-device call's read is shared with the other calls of its turn (a dashboard batch). */
  async function targetsOf(caller: ReturnType<typeof requireUser>, target: SupervisorTarget, permission: string) {
    if ('appId' in target) return findSupervisorTargets(app.db, caller, target, permission);
    const device = await targetReads.device(caller, target, permission);
    return device ? [device] : [];
  }

  async function forward(reply: FastifyReply, caller: ReturnType<typeof requireUser>, target: SupervisorTarget, method: LinkMethod, path: string, data: unknown) {
    const devices = await targetsOf(caller, target, supervisorProxyPermission(method, path));
    // One deadline for the whole call: up to 1000 devices, 50 at a time, must not outlast the client.
    const deadline = Date.now() + app.config.supervisorDeadlineMs;
    const call = async (uuid: string): Promise<LinkReply | null> => {
      const left = deadline - Date.now();
      if (left <= 0) return LATE;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<LinkReply>((done) => {
        timer = setTimeout(() => done(LATE), left);
      });
      const answer = app.linkHub.forward(uuid, { method, path, ...(data === undefined ? {} : { body: data }) }).catch((error: unknown) => {
        if (error instanceof LinkCallError) return error.reason === 'timeout' ? LATE : null;
        throw error;
      });
      try {
        return await Promise.race([answer, expired]);
      } finally {
        clearTimeout(timer);
      }
    };
    if (devices.length === 1 && !('appId' in target)) {
      const answer = await call(devices[0]!.uuid);
      if (answer === null) return reply.status(404).type('text/plain; charset=utf-8').send(NO_ONLINE_DEVICES);
      return sendReply(reply, answer);
    }
    const answers = (await mapLimited(devices, FORWARD_CONCURRENCY, (d) => call(d.uuid))).filter((a): a is LinkReply => a !== null);
    if (answers.length === 0) return reply.status(404).type('text/plain; charset=utf-8').send(NO_ONLINE_DEVICES);
    return reply.status(207).send(answers.map((a) => ({ statusCode: a.status, body: entryBody(a.body) })));
  }

  // No body bigger than a link frame is read at all (the SDK's are a few dozen bytes); `data` has its own, smaller bound.
  app.post('/supervisor/*', { bodyLimit: LINK_MAX_FRAME_BYTES, schema: { params: supervisorParams, body: supervisorBody.default({}) } }, async (request, reply) => {
    const caller = requireUser(request);
    return forward(reply, caller, targetOf(request.body), request.body.method ?? 'POST', request.params['*'], request.body.data);
  });

  app.post('/application/:id/restart', { schema: { params: z.object({ id: idParam }) } }, async (request, reply) => {
    const caller = requireUser(request);
    const answer = await forward(reply, caller, { appId: request.params.id }, 'POST', '/v1/restart', { appId: request.params.id });
    return answer;
  });
}
