import { setMaxListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceLogBatch, deviceUuidParams } from '@flotilla/core/schemas/device-protocol';
import {
  DEFAULT_LOG_HISTORY_COUNT,
  DEFAULT_LOG_LINES_PER_SECOND,
  DEFAULT_LOG_SUBSCRIPTION_COUNT,
  LOG_LINE_BURST_SECONDS,
  LOG_STREAM_KEEPALIVE_MS,
  fleetLogParams,
  fleetLogReadQuery,
  logReadQuery,
} from '@flotilla/core/schemas/device-logs';
import { getLogClearableDevice, getLogReadableDevice, getLogWriterDevice, readableDeviceCondition } from './device-logs-access.ts';
import { deleteDeviceLogLines, listDeviceLogLines, listFleetLogLines } from './device-logs.repository.ts';
import { deviceLineOut, deviceLogTopic, fleetLineOut, fleetLogTopic, toBusLine } from './device-logs.live.ts';
import { storeDeviceLogLines, type LogStore } from './device-logs.service.ts';
import { decodedBody, ingestLogStream } from './log-stream-ingest.ts';
import { createLogLineRate } from './log-line-rate.ts';
import { tooManyRequests } from '../auth/attempt-limits.ts';
import { createHeldSlots } from '../lib/held-slots.ts';
import { holdStreamSlot } from '../lib/open-streams.ts';
import { credentialStillStands } from '../auth/credential-still-stands.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { unauthorized } from '../lib/errors.ts';
import { sendLogStream } from './ndjson-log-stream.ts';
import { assertReadableFleet, readableDeviceCache } from './fleet-log-access.ts';

/**
 * Device logs (compat §4, §5.5): the device writes through the batch route and the long-lived
 * gzip NDJSON log-stream; clients read history (`count`, `start`) or a live NDJSON stream;
 * users holding resin.device_log.delete clear them; the dashboard tails a whole fleet.
 */
/** Log uploads one device may have open at once, and when one refused may try again. */
export const MAX_UPLOADS_PER_DEVICE = 4;
const UPLOAD_RETRY_MS = 5000;
/**
 * How often an open log upload asks again whether its key stands. The supervisor keeps one
 * upload open for as long as it runs: checked only when it opened, a device key revoked because
 * it leaked kept writing lines into the device's logs (and onto its readers' live tails) for as
 * long as the thief's connection lived.
 */
export const UPLOAD_ACCESS_CHECK_MS = 60_000;

export async function deviceLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store: LogStore = { db: app.db, bus: app.eventBus, log: app.log };
  const keepAliveMs = app.config.logStreamKeepAliveMs ?? LOG_STREAM_KEEPALIVE_MS;
  const linesPerSecond = app.config.logLinesPerSecond ?? DEFAULT_LOG_LINES_PER_SECOND;
  const rate = createLogLineRate(linesPerSecond, linesPerSecond * LOG_LINE_BURST_SECONDS);
  // An upload waiting for its device's rate stops waiting when the server closes (what it holds is stored).
  const closing = new AbortController();
  // Every waiting upload listens to it: no bound to warn about.
  setMaxListeners(0, closing.signal);
  // Open read streams of this process (not app.openStreams, which counts them per caller) never end on their own: closing the server cuts them.
  const openReads = new Set<ServerResponse>();
  const track = (raw: ServerResponse) => {
    openReads.add(raw);
    raw.once('close', () => openReads.delete(raw));
  };
  // Open uploads too: what they carried so far is stored, the device sees a failed upload and
  // sends its unacknowledged lines again (to another replica) — nothing acknowledged is lost.
  const openUploads = new Set<IncomingMessage>();
  // A few uploads per device at once: the supervisor opens its next stream without waiting for
  // the last one's answer (which the line rate may hold back), so two overlap; more would each
  // hold a batch in memory. The next is refused (429, the supervisor tries again), none is cut.
  const uploadsOfDevice = createHeldSlots<number>(MAX_UPLOADS_PER_DEVICE);
  app.addHook('preClose', async () => {
    closing.abort();
    for (const raw of openReads) raw.destroy();
    for (const raw of openUploads) raw.destroy();
  });

  app.post('/device/v2/:uuid/logs', { schema: { params: deviceUuidParams, body: deviceLogBatch } }, async (request, reply) => {
    const device = await getLogWriterDevice(app.db, request.principal, request.params.uuid);
    const waitMs = rate.take(device.id, request.body.length);
    if (waitMs > 0) throw tooManyRequests(new Date(Date.now() + waitMs), new Date());
    await storeDeviceLogLines({ ...store, log: request.log }, device, request.body);
    return reply.status(201).send();
  });

  // The log-stream's body is read by its handler, as it arrives; this scope leaves it unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.withTypeProvider<ZodTypeProvider>().post('/device/v2/:uuid/log-stream', { schema: { params: deviceUuidParams } }, async (request, reply) => {
      const device = await getLogWriterDevice(app.db, request.principal, request.params.uuid);
      // Gone while it was checked: nothing to read, nothing to track.
      if (request.raw.destroyed) return reply;
      const release = uploadsOfDevice.take(device.id);
      if (!release) throw tooManyRequests(new Date(Date.now() + UPLOAD_RETRY_MS), new Date());
      const body = decodedBody(request.raw, request.headers['content-encoding']);
      openUploads.add(request.raw);
      request.raw.once('close', () => {
        openUploads.delete(request.raw);
        release();
      });
      const checkEveryMs = app.config.logUploadAccessCheckMs ?? UPLOAD_ACCESS_CHECK_MS;
      // The auth hook checked the key as the upload opened.
      let checkedAt = Date.now();
      const ingest = ingestLogStream(body, {
        store: async (lines) => {
          // Before storing, at most once a period: a revoked key ends the upload (401, these lines unstored).
          if (Date.now() - checkedAt >= checkEveryMs) {
            if (!(await credentialStillStands(request))) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
            checkedAt = Date.now();
          }
          // Over its rate the device's upload waits here; meanwhile nothing more is read from it.
          await rate.acquire(device.id, lines.length, closing.signal);
          await storeDeviceLogLines({ ...store, log: request.log }, device, lines);
        },
        // Blank, junk and over-long lines cost the device's rate as stored ones do (a gzip bomb of newlines is held back, not inflated at once).
        pace: (work) => rate.acquire(device.id, work, closing.signal),
      });
      const result = await ingest.catch((err: unknown) => {
        // Ended before its body did (a revoked key, a failed store, broken gzip): the rest of the
        // body is never read, and a paused, unread socket would stay open (and hold the server's
        // close) however its client left. It is closed once the answer is out.
        // (The socket is taken now: once the answer is out, the request no longer holds it.)
        const socket = request.raw.socket;
        reply.raw.once('finish', () => socket.destroy());
        throw err;
      });
      request.log.debug({ device: device.uuid, ...result }, 'log stream ended');
      // Only now, when the device ended its upload (an early answer is an error to the supervisor).
      return reply.status(201).send();
    });
  });

  app.get('/device/v2/:uuid/logs', { schema: { params: deviceUuidParams, querystring: logReadQuery } }, async (request, reply) => {
    const device = await getLogReadableDevice(app.db, request.principal, request.params.uuid);
    const { stream, count, start } = request.query;
    const history = async () => (await listDeviceLogLines(app.db, device, { count: count === undefined ? (stream ? DEFAULT_LOG_SUBSCRIPTION_COUNT : DEFAULT_LOG_HISTORY_COUNT) : count, start })).map(toBusLine);
    if (!stream) return reply.send((await history()).map(deviceLineOut));
    holdStreamSlot(request, reply.raw);
    track(reply.raw);
    const stillAllowed = async () =>
      (await credentialStillStands(request)) && (await getLogReadableDevice(app.db, request.principal, request.params.uuid).then(() => true, () => false));
    await sendLogStream(reply, { bus: app.eventBus, topic: deviceLogTopic(device.uuid), history, accept: (l) => l.device === device.id, shape: deviceLineOut, keepAliveMs, stillAllowed });
    return reply;
  });

  app.delete('/device/v2/:uuid/logs', { schema: { params: deviceUuidParams } }, async (request, reply) => {
    const device = await getLogClearableDevice(app.db, request.principal, request.params.uuid);
    await deleteDeviceLogLines(app.db, device.id);
    return reply.status(204).send();
  });

  /**
   * The fleet tail (Flotilla's own, for the dashboard): lines of every device of the fleet the
   * caller may read, optionally only some services (`service=<id>,…`) or devices
   * (`device=<uuid>,…`), each line carrying its device's `uuid`. JSON array, or NDJSON with `stream=1`.
   */
  app.get('/device/v2/fleet/:fleetId/logs', { schema: { params: fleetLogParams, querystring: fleetLogReadQuery } }, async (request, reply) => {
    const { fleetId } = request.params;
    await assertReadableFleet(app.db, request.principal, fleetId);
    const { stream, count, start, service, device } = request.query;
    const history = async () =>
      (
        await listFleetLogLines(app.db, fleetId, {
          count: count === undefined ? (stream ? DEFAULT_LOG_SUBSCRIPTION_COUNT : DEFAULT_LOG_HISTORY_COUNT) : count,
          start,
          readable: readableDeviceCondition(request.principal),
          serviceIds: service,
          deviceUuids: device,
        })
      ).map(toBusLine);
    if (!stream) return reply.send((await history()).map(fleetLineOut));
    const isReadable = readableDeviceCache(app.db, request.principal, fleetId);
    const services = service?.length ? new Set(service) : null;
    const devices = device?.length ? new Set(device) : null;
    holdStreamSlot(request, reply.raw);
    track(reply.raw);
    await sendLogStream(reply, {
      bus: app.eventBus,
      topic: fleetLogTopic(fleetId),
      history,
      accept: (l) => (!services || (l.serviceId !== null && services.has(l.serviceId))) && (!devices || devices.has(l.uuid)) && isReadable(l.device),
      shape: fleetLineOut,
      keepAliveMs,
      stillAllowed: async () => (await credentialStillStands(request)) && (await assertReadableFleet(app.db, request.principal, fleetId).then(() => true, () => false)),
    });
    return reply;
  });
}
