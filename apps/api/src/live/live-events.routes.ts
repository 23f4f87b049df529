import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENTS_PATH, LIVE_KEEPALIVE_MS, liveEvent, liveEventsQuery } from '@flotilla/core/schemas/live-events';
import { requireUser } from '../auth/guards.ts';
import { AppError } from '../lib/errors.ts';
import { holdStreamSlot } from '../lib/open-streams.ts';
import { credentialStillStands } from '../auth/credential-still-stands.ts';
import { authorizeTopics } from './live-access.ts';

/** A browser this far behind (bytes queued, unread) is dropped; it re-reads when it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveEventsOptions {
  /** Keep-alive comment interval; also how often the caller's access is checked again. */
  keepAliveMs?: number;
}

/**
 * `GET /live/v1/events?device=<uuid>&fleet=<id>` (packages/core schemas/live-events.ts): a
 * Server-Sent Events stream of the named devices' and fleets' changes, heard on the event bus,
 * so from every API process. Only users (session or user API key) subscribe; each topic is
 * checked against the caller's read rules first (missing and forbidden answer alike, 404). The
 * first message, `ready`, says every subscription is live. A comment every 25 s keeps the
 * stream open through proxies; at that moment the caller's access is checked again and the
 * stream ends when it is gone (the session expired or was revoked, the API key deleted, or the
 * device or fleet is no longer readable); the browser reconnects and is told why. Closing unsubscribes everything. A caller
 * holding too many streams already gets 429 (lib/open-streams.ts).
 */
export async function liveEventsRoutes(app: FastifyInstance, options: LiveEventsOptions = {}): Promise<void> {
  const keepAliveMs = options.keepAliveMs ?? LIVE_KEEPALIVE_MS;
  app.withTypeProvider<ZodTypeProvider>().get(LIVE_EVENTS_PATH, { schema: { querystring: liveEventsQuery } }, async (request, reply) => {
    const user = requireUser(request);
    const topics = await authorizeTopics(app.db, user, request.query);
    const sessionExpiresAt = request.authSession ? request.authSession.exp * 1000 : Infinity;
    holdStreamSlot(request, reply.raw);

    // From here the reply is ours to write (no compression, no serializer: an event must leave at once).
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      // nginx and similar proxies must not buffer the stream.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();

    let isClosed = false;
    const unsubscribes: Array<() => Promise<void>> = [];
    const write = (text: string) => {
      if (isClosed) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    };
    const end = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(keepAlive);
      raw.end();
      void Promise.all(unsubscribes.splice(0).map((off) => off().catch((err: unknown) => request.log.warn({ err }, 'live events: unsubscribe failed'))));
    };
    raw.on('close', end);
    raw.on('error', end);

    const keepAlive = setInterval(() => {
      if (Date.now() >= sessionExpiresAt) return end();
      write(': keep-alive\n\n');
      Promise.all([credentialStillStands(request), authorizeTopics(app.db, user, request.query)]).then(
        ([stands]) => {
          if (!stands) end();
        },
        (err: unknown) => {
          if (!(err instanceof AppError)) request.log.warn({ err }, 'live events: access check failed');
          end();
        },
      );
    }, keepAliveMs);

    try {
      for (const topic of topics) {
        const off = await app.eventBus.subscribe(topic, (payload) => {
          const event = liveEvent.safeParse(payload);
          if (event.success) write(`event: change\ndata: ${JSON.stringify({ topic, event: event.data })}\n\n`);
        });
        unsubscribes.push(off);
        // Closed while subscribing: what was just subscribed goes too.
        if (isClosed) await Promise.all(unsubscribes.splice(0).map((o) => o()));
      }
    } catch (err) {
      request.log.warn({ err }, 'live events: subscribe failed');
      end();
      return;
    }
    write(`event: ready\ndata: ${JSON.stringify({ topics })}\n\n`);
  });
}
